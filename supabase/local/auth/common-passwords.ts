// The local stack's stand-in for hosted Supabase's leaked-password protection (which asks HaveIBeenPwned):
// a bundled list of the passwords that top every public list of leaked and common ones. Only those the site's
// 6-character minimum lets through are listed; matching is exact, as HaveIBeenPwned's is.
const COMMON_PASSWORDS = new Set(
  `
123456 12345678 123456789 1234567890 1234567 654321 111111 222222 333333 444444 555555 666666 777777 888888
999999 000000 121212 112233 123123 123321 131313 159753 696969 987654321 11111111 12341234 1qaz2wsx 1q2w3e
1q2w3e4r 1q2w3e4r5t qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwerty123456 asdfgh asdfghjkl zxcvbn
zxcvbnm qazwsx qazwsxedc 123qwe abc123 abcdef abcd1234 aaaaaa abc12345 password password1 password12
password123 password1234 Password Password1 Password123 passw0rd p@ssw0rd P@ssw0rd pass123 welcome welcome1
welcome123 letmein letmein1 iloveyou iloveyou1 iloveu admin123 administrator changeme secret monkey dragon
master shadow sunshine princess football football1 baseball soccer hockey batman superman starwars trustno1
michael jennifer jordan23 hunter buster harley tigger charlie thomas robert daniel andrew ashley nicole
jessica michelle amanda summer ginger maggie pepper cheese freedom whatever computer internet killer
chelsea matthew access yankees dallas austin thunder taylor matrix mustang liverpool arsenal flower
lovely loveme hello123 hello1 test123 test1234 qwe123 zaq12wsx 123abc 1password 7777777 888888888
`
    .split(/\s+/)
    .filter(Boolean),
);

/** True for a password on the bundled list of the commonest leaked passwords. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password);
}
