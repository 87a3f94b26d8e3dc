// /login is react-admin's login page (<Admin loginPage>), outside the layout and the session check.
export { LoginPage } from './LoginPage';
