import { BasePage } from './BasePage.ts';
import { PortalLayout } from './PortalLayout.ts';

/** /404 (where every unknown path goes), naming the resource of a failed load. */
export class NotFoundPage extends BasePage {
  override readonly route = '/404';
  readonly layout = new PortalLayout(this.page);
}
