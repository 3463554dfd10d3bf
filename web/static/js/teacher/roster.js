// Roster import for school admins: pick the school's OneRoster CSV files
// (or their zip), check them first (a dry run that lists every problem),
// then import them, with a progress bar driven by the job's status.
import { h, announce } from '../dom.js';
import { t } from '../i18n.js';
import { get, request } from '../api.js';
import { page } from './shell.js';
import { zip } from '../zip.js';

const ENTITIES = ['schools', 'users', 'classes', 'enrollments'];
const COUNTS = ['created', 'updated', 'deactivated', 'unchanged'];

// upload is the one zip the import takes: the picked zip as it is, or
// the picked CSV files put into one.
async function upload(files) {
  if (files.length === 1 && /\.zip$/i.test(files[0].name)) return { blob: files[0], name: files[0].name };
  const parts = await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
  return { blob: zip(parts), name: 'oneroster.zip' };
}

export default function rosterPage() {
  // The browser's own file button speaks the browser's language: it is
  // hidden, and its label is the button the reader sees (and clicks).
  const input = h('input', { type: 'file', id: 'roster-files', class: 'file-input', multiple: true, accept: '.csv,.zip,text/csv,application/zip' });
  const picked = h('ul', { class: 'picked', id: 'picked' });
  const bar = h('progress', { id: 'roster-progress', max: 100, value: 0, 'aria-labelledby': 'roster-stage' });
  const stage = h('p', { id: 'roster-stage', role: 'status' });
  const progressBox = h('div', { class: 'roster-progress', hidden: true }, stage, bar);
  const result = h('div', { id: 'roster-result' });
  const check = h('button', { type: 'button', class: 'btn primary', id: 'roster-check', disabled: true }, '✔ ', t('rosterCheck'));
  const run = h('button', { type: 'button', class: 'btn primary', id: 'roster-run', disabled: true }, '⇪ ', t('rosterImport'));
  let checked = null; // the picked files a clean dry run approved

  input.addEventListener('change', () => {
    const files = [...input.files];
    picked.replaceChildren(...files.map((f) => h('li', { translate: 'no' }, f.name)));
    check.disabled = files.length === 0;
    run.disabled = true;
    checked = null;
    result.replaceChildren();
  });

  // poll follows a job until it is done, moving the bar.
  const poll = async (job) => {
    progressBox.hidden = false;
    for (;;) {
      bar.value = job.progress;
      stage.textContent = t(job.status === 'running' ? 'rosterStage_' + job.stage : 'rosterStatus_' + job.status) + ' · ' + job.progress + '%';
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 400));
      job = await get('/v1/roster/imports/' + encodeURIComponent(job.id));
    }
  };

  const submit = async (dryRun) => {
    check.disabled = run.disabled = true;
    result.replaceChildren();
    const files = [...input.files];
    try {
      const up = await upload(files);
      const form = new FormData();
      form.append('file', up.blob, up.name);
      const job = await poll(await request('POST', '/v1/roster/imports' + (dryRun ? '?dry_run=true' : ''), form));
      show(job);
      checked = dryRun && job.status === 'succeeded' ? files : null;
      run.disabled = !checked;
      announce(job.status === 'succeeded' ? t(dryRun ? 'rosterCheckedOk' : 'rosterImported') : t('rosterProblems', { n: job.errors.length + job.more_errors }));
    } catch (ex) {
      result.replaceChildren(h('p', { class: 'error', role: 'alert' }, ex.message));
    } finally {
      check.disabled = files.length === 0;
    }
  };
  check.addEventListener('click', () => submit(true));
  run.addEventListener('click', () => submit(false));

  // show draws a finished job: what it changed (or would), or every problem.
  const show = (job) => {
    const ok = job.status === 'succeeded';
    result.replaceChildren(...[
      h('h2', { id: 'roster-outcome', 'data-status': job.status }, ok ? '✔ ' : '✘ ',
        ok ? t(job.dry_run ? 'rosterWouldChange' : 'rosterChanged') : t('rosterFailed')),
      ok && h('table', { class: 'list', id: 'roster-summary' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), COUNTS.map((c) => h('th', { scope: 'col' }, t('roster_' + c))))),
        h('tbody', {}, ENTITIES.map((e) => h('tr', { 'data-entity': e }, h('th', { scope: 'row' }, t('roster_' + e)),
          COUNTS.map((c) => h('td', { 'data-count': c }, String(job.summary[e][c]))))))),
      job.errors.length > 0 && h('table', { class: 'list', id: 'roster-errors' },
        h('caption', {}, t('rosterProblems', { n: job.errors.length + job.more_errors })),
        h('thead', {}, h('tr', {}, ['rosterFile', 'rosterLine', 'rosterColumn', 'rosterReason', 'rosterValue'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, job.errors.map((p) => h('tr', { 'data-code': p.code },
          h('td', { translate: 'no' }, p.file), h('td', {}, String(p.line || '')), h('td', { translate: 'no' }, p.column),
          h('td', {}, p.reason), h('td', { translate: 'no' }, p.value))))),
      job.more_errors > 0 && h('p', {}, t('rosterMore', { n: job.more_errors })),
      !ok && job.errors.length === 0 && h('p', { class: 'error', role: 'alert' }, t('rosterFailedCode'), ' ', h('code', { translate: 'no' }, job.error_code || '')),
      job.warnings.length > 0 && h('ul', { class: 'note' }, job.warnings.map((w) => h('li', {}, w))),
    ].filter(Boolean));
    result.querySelector('h2').focus();
  };

  page('roster',
    h('h1', {}, t('roster')),
    h('section', { class: 'card roster' },
      h('p', {}, t('rosterHelp1'), h('span', { translate: 'no' }, 'OneRoster 1.1 (manifest.csv, orgs.csv, users.csv, classes.csv, enrollments.csv)'), t('rosterHelp2')),
      h('div', { class: 'field file-field' }, input,
        h('label', { for: 'roster-files', class: 'btn' }, '▤ ', t('rosterPick'))),
      picked,
      h('div', { class: 'row buttons' }, check, run),
      progressBox),
    result);
  result.setAttribute('tabindex', '-1');
}
