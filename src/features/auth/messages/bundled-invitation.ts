/**
 * The invitation page's English (see bundled.ts), registered when that lazy page loads. Its
 * own instance of the catalogue (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?invitation.part.json';

registerBundledMessages('auth', { invitation: en.invitation });
