import { passwordStrengthText } from '@/content/auth';

export interface PasswordStrength {
  /** The three bars of docs/product-rules.md §5: length 6+, length 8+, an uppercase letter and a digit. */
  bars: [boolean, boolean, boolean];
  score: 0 | 1 | 2 | 3;
  hint: string;
}

export function passwordStrength(password: string): PasswordStrength {
  const bars: [boolean, boolean, boolean] = [
    password.length >= 6,
    password.length >= 8,
    /[A-Z]/.test(password) && /\d/.test(password),
  ];
  const score = bars.filter(Boolean).length as PasswordStrength['score'];
  const hint =
    password.length < 6
      ? passwordStrengthText.tooShort
      : password.length < 8
        ? passwordStrengthText.good
        : passwordStrengthText.strong;
  return { bars, score, hint };
}
