// The axe helper: finds violations (including inside open shadow roots), passes clean markup.
import { expect } from './helpers/assert.ts';
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
    expect(violations.map((v) => v.id)).toContain('image-alt');
    await expect(expectNoA11yViolations(root)).rejects.toThrow(/image-alt/);
  });

  it('looks inside open shadow roots', async () => {
    const { root, container } = shadowFixture();
    container.innerHTML = `<img src="${PIXEL}"><button></button>`;
    const ids = (await axeViolations(root)).map((v) => v.id);
    expect(ids).toContain('image-alt');
    expect(ids).toContain('button-name');
    await expect(expectNoA11yViolations(root)).rejects.toThrow(/button-name/);
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
