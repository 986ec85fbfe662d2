/** Content pages ('More') and the message catalogues. */
import { isMessageLocale, loadCatalogue } from '../../../scripts/catalogues.ts';
import { failure, localized, notFound, requestLocale, type App, type Deps } from '../http.ts';
import { text } from '../messages.ts';

type PageRow = { uuid: string; title: string; body_html: string };

export function contentRoutes(app: App, { db }: Deps): void {
  app.get('/api/v2/pages', (c) => {
    const locale = requestLocale(c, c.get('user'));
    const rows = db.all<PageRow>('SELECT uuid, title FROM pages ORDER BY position, uuid');
    return c.json({ data: rows.map((p) => ({ uuid: p.uuid, title: localized(p.title, locale) })) });
  });

  app.get('/api/v2/pages/:uuid', (c) => {
    const page = db.get<PageRow>('SELECT uuid, title, body_html FROM pages WHERE uuid = ?', c.req.param('uuid'));
    if (!page) throw notFound('page');
    const locale = requestLocale(c, c.get('user'));
    return c.json({ data: { uuid: page.uuid, title: localized(page.title, locale), body_html: localized(page.body_html, locale) } });
  });

  /**
   * `{ <namespace>: messages }` for one locale, read from the feature folders on every
   * request (they are small, and edits show up without a restart). A region tag such as
   * fr-BE gets its language's catalogue.
   */
  app.get('/i18n/messages/:file', (c) => {
    const match = /^([A-Za-z]{2,3})(?:-[A-Za-z]{2})?\.json$/.exec(c.req.param('file'));
    const locale = match?.[1]?.toLowerCase();
    if (!locale || !isMessageLocale(locale)) throw failure(404, text('errors.unknownLocale'));
    c.header('Cache-Control', 'no-cache');
    return c.json(loadCatalogue(locale));
  });
}
