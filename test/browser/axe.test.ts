// The axe helper: finds violations (including inside open shadow roots), passes clean markup.
import { expect, rejectionOf } from './helpers/assert.ts';
import { axeViolations, expectNoA11yViolations } from './helpers/axe.ts';
import { cleanupFixtures, htmlFixture, shadowFixture } from './helpers/dom.ts';
import { afterEach, describe, it } from './helpers/mocha.ts';

const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('helpers/axe', function () {
  this.timeout(15_000); // axe's first run in a page parses its rules
  afterEach(cleanupFixtures);

  it('reports an <img> without alt', async () => {
    const root = htmlFixture(`<img src="${PIXEL}">`);
    const violations = await axeViolations(root);
    expect(violations.map((v) => v.id)).to.include('image-alt');
    expect(((await rejectionOf(expectNoA11yViolations(root))) as Error).message).to.match(/image-alt/);
  });

  it('looks inside open shadow roots', async () => {
    const { root, container } = shadowFixture();
    container.innerHTML = `<img src="${PIXEL}"><button></button>`;
    const ids = (await axeViolations(root)).map((v) => v.id);
    expect(ids).to.include('image-alt');
    expect(ids).to.include('button-name');
    expect(((await rejectionOf(expectNoA11yViolations(root))) as Error).message).to.match(/button-name/);
  });

  it('passes a clean fragment', async () => {
    const { root, container } = shadowFixture();
    container.innerHTML = `
      <h2>Sites</h2>
      <img src="${PIXEL}" alt="Camera 1">
      <label>Name <input name="name"></label>
      <button type="button">Save</button>`;
    await expectNoA11yViolations(root);
    await expectNoA11yViolations(htmlFixture('<p>Plain text</p>'));
  });
});
