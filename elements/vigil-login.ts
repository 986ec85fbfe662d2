import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { LoginElement } from '../src/features/auth/LoginElement.tsx';
import hostCss from '../src/features/auth/login-host.css?inline';

/**
 * Sign-in card for an integrator's page, with the forgot-password request inside it.
 * Signing in here signs in every Vigil element of the page (one session); once signed
 * in it shows who is signed in and a sign-out button.
 *
 * @tagname vigil-login
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in; detail `{ username, name }`
 * @fires vigil-signed-out - the user signed out with the card's button
 * @csspart card - the card
 */
export const VigilLogin = defineElement({ tag: 'vigil-login', component: LoginElement, session: 'optional', css: [hostCss] });
