import type { Page } from '@playwright/test';
import { PROJECTS, SITES } from '../../../demo/server/seed-ids.ts';

/**
 * An integrator's page, served by the test at /e2e/integrator.html: `<vigil-evacuation-bar>`
 * and `<vigil-evacuation>` for Northwind's Antwerp site (`#site-a`) and for the project
 * (`#project`).
 */
export async function integratorPage(page: Page, baseURL: string): Promise<void> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator</title>
<script type="module" src="/dist/vigil.js"></script></head><body>
<vigil-evacuation-bar></vigil-evacuation-bar>
<main><section id="site-a" aria-label="Site A"><vigil-evacuation site="${SITES.antwerpWarehouse}"></vigil-evacuation></section>
<section id="project" aria-label="Project"><vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation></section></main></body></html>`;
  await page.route(`${baseURL}/e2e/integrator.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto('/e2e/integrator.html');
}
