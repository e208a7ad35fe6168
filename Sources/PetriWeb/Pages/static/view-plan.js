// The teacher's console and lesson plans: "Start from a plan" (the server's plans, from `describePlans`, each
// downloadable as its file) on the start screen, and in a lesson started from a plan, its timeline with the next
// moment highlighted, Next, Skip and the switch between teacher-paced and automatic. Every word comes from the catalog (words.js); text from the network
// (titles, prompts, notes) goes in only as text.

import { el, setText, replaceChildren } from './dom.js';
import { t, fillWords } from './words.js';

/// One moment of a plan as a line for people.
export function momentWords(moment) {
    const at = typeof moment.at === 'number' ? t('teach.plan.moment.at', { generation: moment.at }) + ' ' : '';
    switch (moment.kind) {
        case 'run': return at + t('teach.plan.moment.run', { generation: moment.to });
        case 'pause':
            return at + (typeof moment.seconds === 'number'
                ? t('teach.plan.moment.pauseFor', { seconds: moment.seconds }) : t('teach.plan.moment.pause'));
        case 'ask':
            return at + t('teach.plan.moment.ask', {
                prompt: moment.question?.prompt || moment.question?.metric || '',
                horizon: moment.question?.horizon ?? 0,
            });
        case 'reveal': return at + t('teach.plan.moment.reveal');
        case 'explain':
            return at + (moment.guide
                ? t('teach.plan.moment.guide', { section: moment.guide })
                : t('teach.plan.moment.explain', { title: moment.title || moment.text || '' }));
        case 'set': return at + t('teach.plan.moment.set', { name: moment.name, value: String(moment.value) });
        case 'checkpoint': return at + t('teach.plan.moment.checkpoint');
        case 'replicates':
            return at + t('teach.plan.moment.replicates', { count: moment.count, horizon: moment.horizon,
                metric: moment.metric });
        case 'hunt': {
            const parts = [t('teach.plan.moment.hunt')];
            if (typeof moment.seconds === 'number') parts.push(t('teach.plan.moment.huntSeconds', { seconds: moment.seconds }));
            if (typeof moment.catches === 'number') parts.push(t('teach.plan.moment.huntCatches', { catches: moment.catches }));
            return at + parts.join(t('teach.plan.moment.huntJoin'));
        }
        default: return at + String(moment.kind ?? '');
    }
}

/// Downloads `text` as the plan file `NAME.yaml` (the text as the server keeps it, which `petri plan export` writes);
/// answers the file's name.
export function downloadPlanFile(name, text) {
    const file = `${name || 'plan'}.yaml`;
    const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/yaml' })), download: file });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    return file;
}

/// The start screen's "Start from a plan" form.
export class PlanPicker {
    /// `start({ plan, pace, seed })` starts the chosen plan; it answers a refusal's sentence, or nothing.
    /// `remove(plan)` removes a stored plan (after the teacher confirms): it answers a refusal's sentence, or nothing.
    /// `share(plan, on)` shares the plan by a link (on) or revokes its link: it answers the server's answer.
    /// `mine(plan)` says whether the plan is one the sender may share (their own stored plan).
    constructor(form, { start, remove, share, mine }) {
        this.form = form;
        this.plans = [];
        this.mine = mine;
        this.sharePart = form.querySelector('#plan-share');
        this.shared = form.querySelector('#plan-shared');
        this.shareLink = form.querySelector('#plan-share-link');
        this.shareStatus = form.querySelector('#plan-share-status');
        const sharing = async (on) => {
            const plan = this.chosen();
            if (!plan) return;
            setText(this.shareStatus, '');
            const answer = await share(plan, on);
            if (answer.type === 'error') return setText(this.shareStatus, answer.message);
            plan.link = on ? answer.link : undefined;
            this.renderShare();
            setText(this.shareStatus, t(on ? 'teach.plan.share.shared' : 'teach.plan.share.stopped',
                { title: plan.title || plan.name }));
            if (on) this.shareLink.select();
        };
        form.querySelector('#plan-share-button').addEventListener('click', () => sharing(true));
        form.querySelector('#plan-unshare').addEventListener('click', () => sharing(false));
        this.select = form.querySelector('#plan-choice');
        this.summary = form.querySelector('#plan-summary');
        this.removeButton = form.querySelector('#plan-remove');
        this.removeStatus = form.querySelector('#plan-remove-status');
        this.exportButton = form.querySelector('#plan-export');
        // The chosen plan's file, as the server listed it (its stored text: no second writer of plan files here).
        this.exportButton.addEventListener('click', () => {
            const plan = this.chosen();
            if (!plan) return;
            const file = downloadPlanFile(plan.name, String(plan.text ?? ''));
            setText(this.removeStatus, t('teach.plan.write.downloaded', { file }));
        });
        this.select.addEventListener('change', () => this.renderSummary());
        this.removeButton.addEventListener('click', async () => {
            const plan = this.chosen();
            if (!plan) return;
            setText(form.querySelector('.problem'), '');
            setText(this.removeStatus, '');
            const answer = await remove(plan);
            if (answer) setText(form.querySelector('.problem'), answer);
        });
        form.addEventListener('submit', async (event) => {
            event.preventDefault();
            const plan = this.select.value;
            const problem = form.querySelector('.problem');
            if (!plan) {
                setText(problem, t('teach.plan.start.none'));
                return;
            }
            setText(problem, '');
            const seed = form.querySelector('#plan-seed').value.trim();
            const answer = await start({ plan, pace: form.querySelector('#plan-pace').value, ...(seed ? { seed } : {}) });
            if (answer) setText(problem, answer);
        });
        fillWords(form);
    }

    /// The server's plans (`plans`).
    show(plans) {
        this.plans = Array.isArray(plans) ? plans : [];
        const previous = this.select.value;
        replaceChildren(this.select, this.plans.map((p) => el('option', { value: p.name },
            p.own ? t('teach.plan.start.own', { title: p.title || p.name }) : (p.title || p.name))));
        if (this.plans.some((p) => p.name === previous)) this.select.value = previous;
        this.form.hidden = this.plans.length === 0;
        this.renderSummary();
    }

    /// The plan chosen, as `plans` listed it.
    chosen() {
        return this.plans.find((p) => p.name === this.select.value) ?? null;
    }

    renderSummary() {
        const plan = this.plans.find((p) => p.name === this.select.value);
        setText(this.summary, plan ? t('teach.plan.start.about', { moments: plan.moments, summary: plan.summary })
            : '');
        // Shipped plans cannot be removed; a stored plan can, by its owner (the server's by the key holder).
        this.removeButton.hidden = !plan || Boolean(plan.shipped);
        this.exportButton.hidden = !plan;
        setText(this.shareStatus, '');
        this.renderShare();
    }

    /// The chosen plan's link, or the button that shares it (only the sender's own stored plans).
    renderShare() {
        const plan = this.chosen();
        this.sharePart.hidden = !plan || plan.shipped || !this.mine(plan);
        this.shared.hidden = !plan?.link;
        this.form.querySelector('#plan-share-button').hidden = Boolean(plan?.link);
        this.shareLink.value = plan?.link ? `${location.origin}/plan/${plan.link}` : '';
    }

    /// Chooses the plan `name` (a plan just copied or saved).
    choose(name) {
        if (!this.plans.some((p) => p.name === name)) return;
        this.select.value = name;
        this.renderSummary();
    }

    /// Says something about the plans (a copied plan).
    say(words) {
        setText(this.removeStatus, words);
    }

    /// Says that a plan was removed (the list is asked for again by the caller).
    removed(title) {
        setText(this.removeStatus, t('teach.plan.remove.done', { title }));
    }
}

/// A lesson's plan: the timeline, Next, Skip and the pace.
export class PlanView {
    /// `send(message)` sends a plan step (`planNext`, `planSkip`, `planPace`).
    constructor(root, { send }) {
        this.root = root;
        this.send = send;
        this.state = null;
        this.drawn = null;
        this.title = root.querySelector('#plan-title');
        this.list = root.querySelector('#plan-moments');
        this.note = root.querySelector('#plan-note');
        this.status = root.querySelector('#plan-status');
        this.next = root.querySelector('#plan-next');
        this.skip = root.querySelector('#plan-skip');
        this.auto = root.querySelector('#plan-auto');
        this.next.addEventListener('click', () => this.send({ type: 'planNext' }));
        this.skip.addEventListener('click', () => this.send({ type: 'planSkip' }));
        this.auto.addEventListener('change', () => this.send({ type: 'planPace', pace: this.auto.checked ? 'auto' : 'teacher' }));
        fillWords(root);
    }

    /// Forgets the plan (another lesson opened).
    clear() {
        this.state = null;
        this.drawn = null;
        this.root.hidden = true;
    }

    /// The server's `plan` message.
    show(state) {
        this.state = state;
        this.render();
    }

    render() {
        const state = this.state;
        this.root.hidden = !state;
        if (!state) return;
        const drawn = JSON.stringify(state);
        if (drawn === this.drawn) return;
        this.drawn = drawn;
        setText(this.title, state.title ?? '');
        const skipped = new Set(state.skipped ?? []);
        const moments = Array.isArray(state.moments) ? state.moments : [];
        replaceChildren(this.list, moments.map((moment, index) => {
            const done = index < state.next;
            const classes = ['moment', index === state.next ? 'next' : '', done ? 'done' : '',
                skipped.has(index) ? 'skipped' : ''].filter(Boolean).join(' ');
            const mark = skipped.has(index) ? t('teach.plan.skipped') : done ? t('teach.plan.done') : '';
            return el('li', { class: classes, ...(index === state.next ? { 'aria-current': 'step' } : {}) },
                momentWords(moment), mark ? el('span', { class: 'field-help' }, ` (${mark})`) : null);
        }));
        const upcoming = moments[state.next];
        setText(this.note, upcoming?.note ? t('teach.plan.note', { note: upcoming.note }) : '');
        const waiting = { run: 'teach.plan.waiting.run', question: 'teach.plan.waiting.question',
            pause: 'teach.plan.waiting.pause', teacher: 'teach.plan.waiting.teacher',
            hunt: 'teach.plan.waiting.hunt' }[state.waiting];
        setText(this.status, state.finished ? t('teach.plan.finished')
            : waiting ? t(waiting) : t('teach.plan.ready', { number: state.next + 1, count: moments.length }));
        this.next.disabled = Boolean(state.finished);
        this.skip.disabled = Boolean(state.finished);
        this.auto.checked = state.pace === 'auto';
    }
}

/// A number of a preview, as people read it.
function previewNumber(value) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
    return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/// A choice question's preview: the option that came true with the seed, and how many replicates ended in each
/// option (a trivial question has one option for every replicate; an impossible one spreads them); null for
/// another kind, or when no replicate ran.
function choiceCounts(q, replicates) {
    const options = Array.isArray(q.kind?.options) ? q.kind.options : null;
    if (q.kind?.kind !== 'choice' || !options || !Array.isArray(q.optionCounts)) return null;
    const label = (index) => String(options[index]?.label ?? '');
    const outcome = typeof q.correctOption === 'number'
        ? t('teach.plan.write.choiceOutcome', { label: label(q.correctOption) })
        : t('teach.plan.write.noOutcome');
    const every = q.optionCounts.findIndex((count) => count === replicates && count > 0);
    const lead = every >= 0 ? t('teach.plan.write.choiceEasy', { replicates, label: label(every) })
        : t('teach.plan.write.choices', { replicates });
    const items = q.optionCounts.map((count, index) =>
        el('li', {}, t('teach.plan.write.choiceCount', { label: label(index), count, replicates })));
    return { outcome, lead, items };
}

/// Where a plan's preview and save show their answers: a status line, the mistakes with their lines, and each
/// question's outcome and spread. "Write a plan" and "New plan" each have one.
export class PlanResults {
    constructor(status, problems, preview) {
        this.status = status;
        this.problems = problems;
        this.list = preview;
    }

    clear(status) {
        setText(this.status, status ?? '');
        replaceChildren(this.problems, []);
        replaceChildren(this.list, []);
    }

    say(words) {
        setText(this.status, words);
    }

    showProblems(problems) {
        setText(this.status, t('teach.plan.write.problems'));
        replaceChildren(this.problems, (problems ?? []).map((p) =>
            el('li', {}, t('teach.plan.write.problemLine', { line: p.line, sentence: p.sentence }))));
    }

    /// Previews `text` on the server: each question's outcome with a seed and its spread over replicates.
    async preview(request, text) {
        this.clear(t('teach.plan.write.previewing'));
        const answer = await request({ type: 'previewPlan', text }, ['planPreview', 'planProblems']);
        if (answer.type === 'error') return this.clear(answer.message);
        if (answer.type === 'planProblems') return this.showProblems(answer.problems);
        const preview = answer.preview ?? {};
        const questions = Array.isArray(preview.questions) ? preview.questions : [];
        setText(this.status, t(preview.finished ? 'teach.plan.write.previewed' : 'teach.plan.write.previewCut', {
            seed: String(preview.seed ?? ''), questions: questions.length, generation: preview.generation ?? 0 }));
        replaceChildren(this.list, questions.map((q) => {
            const spread = q.spread;
            const outcome = typeof q.outcome === 'number'
                ? t('teach.plan.write.outcome', { value: previewNumber(q.outcome) })
                : t('teach.plan.write.noOutcome');
            const range = spread
                ? t(spread.low === spread.high ? 'teach.plan.write.spreadEasy' : 'teach.plan.write.spread', {
                    replicates: spread.count, low: previewNumber(spread.low), high: previewNumber(spread.high),
                    min: previewNumber(spread.min), max: previewNumber(spread.max) })
                : '';
            const line = t('teach.plan.write.question', { line: q.line, prompt: q.prompt || q.metric || '',
                asked: q.askedAt, target: q.target });
            const choices = choiceCounts(q, spread?.count ?? preview.replicates);
            if (choices) return el('li', { class: 'preview-question' }, line, ' ', choices.outcome, ' ', choices.lead,
                el('ul', { class: 'option-counts' }, choices.items));
            return el('li', { class: 'preview-question' }, line, ' ', outcome, range ? ' ' + range : '');
        }));
        // A preview has no class: where the plan hunts, it says that what happens depends on the class.
        const hunts = Array.isArray(preview.hunts) ? preview.hunts : [];
        this.list.append(...hunts.map((h) => el('li', { class: 'preview-hunt' },
            t('teach.plan.write.hunt', { line: h.line, generation: h.generation }))));
    }

    /// Saves `text` as `name` among the teacher's plans: the name saved, or null (the answer shown).
    async save(request, name, text, replace) {
        if (!name) {
            this.clear(t('teach.plan.write.noName'));
            return null;
        }
        this.clear(t('teach.plan.write.saving'));
        const answer = await request({ type: 'savePlan', name, text, ...(replace ? { replace } : {}) },
            ['planSaved', 'planProblems']);
        if (answer.type === 'error') {
            this.clear(answer.message);
            return null;
        }
        if (answer.type === 'planProblems') {
            this.showProblems(answer.problems);
            return null;
        }
        this.clear(t('teach.plan.write.saved', { name: answer.name }));
        return answer.name;
    }
}

/// The start screen's "Write a plan": a plan file typed, pasted, opened from a file or copied from a listed plan;
/// previewed on the server (each question's outcome with a seed and its spread over replicates), saved among the
/// teacher's plans (each mistake shown with its line), and downloaded as a file.
export class PlanWriter {
    /// `request(message, types)` sends one request and answers the server's reply; `chosen()` is the plan picked
    /// in "Start from a plan"; `saved()` is told once a plan is saved (to list the plans again).
    constructor(form, { request, chosen, saved }) {
        this.form = form;
        this.request = request;
        this.chosen = chosen;
        this.saved = saved;
        this.text = form.querySelector('#plan-text');
        this.name = form.querySelector('#plan-name');
        this.results = new PlanResults(form.querySelector('#plan-write-status'), form.querySelector('#plan-problems'),
            form.querySelector('#plan-preview'));
        form.querySelector('#plan-file-input').addEventListener('change', (event) => this.open(event.target));
        form.querySelector('#plan-edit').addEventListener('click', () => this.copyChosen());
        form.querySelector('#plan-preview-button').addEventListener('click', () => this.results.preview(this.request,
            this.text.value));
        form.querySelector('#plan-download').addEventListener('click', () => this.download());
        form.addEventListener('submit', async (event) => {
            event.preventDefault();
            const name = await this.results.save(this.request, this.name.value.trim(), this.text.value,
                form.querySelector('#plan-replace').checked);
            if (name) this.saved(name);
        });
        fillWords(form);
    }

    /// Reads the file the teacher picked into the text (nothing is sent until they preview or save).
    async open(input) {
        const file = input.files?.[0];
        if (!file) return;
        this.text.value = await file.text();
        if (!this.name.value) this.name.value = file.name.replace(/\.ya?ml$/i, '').toLowerCase();
        this.results.clear(t('teach.plan.write.opened', { file: file.name }));
    }

    /// Copies the plan chosen in "Start from a plan" here, to change it and save it as one's own.
    copyChosen() {
        const plan = this.chosen();
        if (!plan) return;
        this.put(plan.text ?? '', plan.name ?? '', t('teach.plan.write.copied', { title: plan.title || plan.name }));
    }

    /// Puts a plan's text here (from "New plan", or a listed plan), saying so.
    put(text, name, words) {
        this.text.value = text;
        this.name.value = name;
        this.results.clear(words);
    }

    /// The text as a file the teacher keeps or sends to a colleague.
    download() {
        const file = downloadPlanFile(this.name.value.trim(), this.text.value);
        this.results.say(t('teach.plan.write.downloaded', { file }));
    }
}
