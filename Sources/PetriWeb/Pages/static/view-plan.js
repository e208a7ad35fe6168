// The teacher's console and lesson plans: "Start from a plan" (the server's plans, from `describePlans`) on the start
// screen, and in a lesson started from a plan, its timeline with the next moment highlighted, Next, Skip and the
// switch between teacher-paced and automatic. Every word comes from the catalog (words.js); text from the network
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
        default: return at + String(moment.kind ?? '');
    }
}

/// The start screen's "Start from a plan" form.
export class PlanPicker {
    /// `start({ plan, pace, seed })` starts the chosen plan; it answers a refusal's sentence, or nothing.
    constructor(form, { start }) {
        this.form = form;
        this.plans = [];
        this.select = form.querySelector('#plan-choice');
        this.summary = form.querySelector('#plan-summary');
        this.select.addEventListener('change', () => this.renderSummary());
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
        replaceChildren(this.select, this.plans.map((p) => el('option', { value: p.name }, p.title || p.name)));
        if (this.plans.some((p) => p.name === previous)) this.select.value = previous;
        this.form.hidden = this.plans.length === 0;
        this.renderSummary();
    }

    renderSummary() {
        const plan = this.plans.find((p) => p.name === this.select.value);
        setText(this.summary, plan ? t('teach.plan.start.about', { moments: plan.moments, summary: plan.summary })
            : '');
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
            pause: 'teach.plan.waiting.pause', teacher: 'teach.plan.waiting.teacher' }[state.waiting];
        setText(this.status, state.finished ? t('teach.plan.finished')
            : waiting ? t(waiting) : t('teach.plan.ready', { number: state.next + 1, count: moments.length }));
        this.next.disabled = Boolean(state.finished);
        this.skip.disabled = Boolean(state.finished);
        this.auto.checked = state.pace === 'auto';
    }
}
