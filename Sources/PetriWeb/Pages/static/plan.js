// A shared plan's page (/plan/LINK): the plan a colleague shared, read with `openSharedPlan` (no sign-in: the link
// is the permission, and a plan holds no student's data), with its title, model, story, moments and questions, and
// "Copy into my plans", which opens the console with the link in its fragment (never sent to the server in a URL);
// the console copies it once the teacher is signed in. A link that is malformed, revoked or unknown gets a sentence.
// Every text from the network goes in as text.

import { el, setText, replaceChildren } from './dom.js';
import { requestOnce } from './connection.js';
import { t, fillWords, onLanguageChange } from './words.js';
import { languageSwitch } from './view-language.js';
import { momentWords, downloadPlanFile } from './view-plan.js';

const $ = (id) => document.getElementById(id);
const match = location.pathname.match(/^\/plan\/([^/]+)\/?$/);
const link = match ? match[1] : '';
/// A link as the server makes one: 22 characters of base64url.
const wellFormed = /^[A-Za-z0-9_-]{22}$/.test(link);

let plan = null;
let problemKey = null;

/// A moment, with what a colleague wants to read before copying: a question's options and hint, the note.
function momentItem(moment) {
    const details = [];
    const question = moment.kind === 'ask' ? moment.question : null;
    for (const option of Array.isArray(question?.options) ? question.options : []) {
        details.push(el('li', {}, t('plan.page.option', { label: String(option.label ?? '') })));
    }
    if (question?.hint) details.push(el('li', {}, t('plan.page.hint', { hint: String(question.hint) })));
    if (moment.note) details.push(el('li', {}, t('plan.page.note', { note: String(moment.note) })));
    return el('li', { class: 'moment' }, momentWords(moment), details.length ? el('ul', {}, details) : null);
}

function render() {
    fillWords();
    if (problemKey) {
        setText($('plan-state'), '');
        setText($('problem'), t(problemKey));
        return;
    }
    if (!plan) return;
    setText($('plan-state'), '');
    setText($('plan-heading'), String(plan.title ?? ''));
    document.title = String(plan.title ?? t('plan.page.title'));
    setText($('plan-model'), t('plan.page.model', { model: String(plan.model ?? '') }));
    setText($('plan-story'), String(plan.summary ?? ''));
    replaceChildren($('plan-moments'), (Array.isArray(plan.moments) ? plan.moments : []).map(momentItem));
    $('plan').hidden = false;
}

async function open() {
    if (!wellFormed) {
        problemKey = 'plan.page.malformed';
        return render();
    }
    const answer = await requestOnce({ type: 'openSharedPlan', link }, ['sharedPlan']);
    if (answer.type === 'sharedPlan') {
        plan = answer.plan ?? null;
    } else if (answer.code === 'invalid-field') {
        problemKey = 'plan.page.malformed';
    } else if (answer.code === 'unknown-token') {
        problemKey = 'plan.page.gone';
    } else {
        setText($('plan-state'), '');
        setText($('problem'), answer.message ?? '');
        return;
    }
    render();
}

$('plan-copy').addEventListener('click', () => {
    location.assign(`/teach#copy-plan=${link}`);
});
$('plan-download').addEventListener('click', () => {
    if (!plan) return;
    downloadPlanFile(plan.name, String(plan.text ?? ''));
});

languageSwitch($('language-switch'));
fillWords();
onLanguageChange(render);
open();
