/**
 * The code step's English (see bundled.ts), registered when that lazy step loads. Its own
 * instance of the catalogue (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?mfa.part.json';

registerBundledMessages('auth', { mfa: en.mfa });
