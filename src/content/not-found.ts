export const notFoundContent = {
  title: 'Oops! Page not found',
  text: 'The page you were looking for does not exist or has moved.',
  homeLink: 'Return to Home',
  seoTitle: 'Page not found',
  seoDescription: 'The page you were looking for could not be found.',
} as const;
