/** The pages a visitor opens before logging in, served without the back-office's code (public/PublicApp). */
export const VISITOR_PAGES: readonly string[] = [
  '/login',
  '/login/no-recaptcha',
  '/login/tt',
  '/register',
  '/password/forgot',
  '/password/reset',
  '/privacy',
  '/terms',
];

export const isVisitorPage = (pathname: string) => VISITOR_PAGES.includes(pathname.replace(/\/+$/, '') || '/');
