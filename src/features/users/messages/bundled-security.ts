/**
 * The project security section's English (see bundled.ts), registered when that lazy
 * section loads. Its own instance of the catalogue (`?….part.json`), so that only this key
 * comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?security.part.json';

registerBundledMessages('users', { security: en.security });
