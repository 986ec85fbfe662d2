/**
 * The members' sign-in column's English (see bundled.ts), registered when that lazy cell
 * loads. Its own instance of the catalogue (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?signIn.part.json';

registerBundledMessages('users', { signIn: en.signIn });
