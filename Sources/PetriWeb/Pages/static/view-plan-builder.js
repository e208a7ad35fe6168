// The start screen's "New plan": a lesson plan built with the live console's own forms. The model, starting point,
// parameters and lesson options are the "New lesson" form's; questions come from the question builder
// (view-question-builder.js, with ids of its own); the other moments from a small form per kind. The timeline's
// moments are added, changed, moved up and down (buttons, so keyboard and touch work) and removed; the plan is the
// same YAML file the "Write a plan" editor holds (PLANS-FORMAT.md), previewed and saved through the same requests.

import { el, setText, replaceChildren } from './dom.js';
import { t, words, fillWords } from './words.js';
import { QuestionBuilder } from './view-question-builder.js';
import { parameterField, parameterLabel } from './view-parameters.js';
import { labelledWords } from './question-form.js';
import { momentWords } from './view-plan.js';

/// The sections of the built-in guide a `guide` moment can show (Guide.swift).
const GUIDE_SECTIONS = [
    ['evolution', 'teach.build.guide.evolution'], ['randomness', 'teach.build.guide.randomness'],
    ['student-screen', 'teach.build.guide.studentScreen'], ['discussion', 'teach.build.guide.discussion'],
    ['teacher-controls', 'teach.build.guide.teacherControls'], ['projector', 'teach.build.guide.projector'],
];
/// The moments' kinds, in the order the form offers them (`guide` is an `explain` of a guide section).
const KINDS = [
    ['run', 'teach.build.kind.run'], ['pause', 'teach.build.kind.pause'], ['ask', 'teach.build.kind.ask'],
    ['reveal', 'teach.build.kind.reveal'], ['explain', 'teach.build.kind.explain'], ['guide', 'teach.build.kind.guide'],
    ['set', 'teach.build.kind.set'], ['checkpoint', 'teach.build.kind.checkpoint'],
    ['replicates', 'teach.build.kind.replicates'], ['hunt', 'teach.build.kind.hunt'],
];
/// Each moment's buttons on the timeline: what it does, its words and the words a screen reader says.
const BUTTONS = [
    ['up', 'teach.build.up', 'teach.build.up.label'], ['down', 'teach.build.down', 'teach.build.down.label'],
    ['edit', 'teach.build.edit', 'teach.build.edit.label'], ['remove', 'teach.build.remove', 'teach.build.remove.label'],
];
/// YAML 1.1 reads these plain words as booleans or nothing: text that is one of them is quoted.
const RESERVED = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', 'null', '~']);

/// A YAML scalar: a number or a boolean as itself; text plain when YAML reads it back as the same text (letters,
/// digits, spaces and ordinary punctuation, not starting like a number), else double-quoted (JSON's escapes are
/// YAML's).
export function yamlScalar(value) {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text = String(value ?? '');
    const plain = /^[\p{L}][\p{L}\p{N} ,.'’()?!/%+-]*$/u.test(text) && !/[ ]$/.test(text)
        && !RESERVED.has(text.toLowerCase());
    return plain ? text : JSON.stringify(text);
}

/// `value` (an object, a list or a scalar) as block YAML lines indented by `indent` spaces.
function yamlLines(value, indent) {
    const pad = ' '.repeat(indent);
    if (Array.isArray(value)) {
        return value.flatMap((item) => {
            if (item === null || typeof item !== 'object') return [`${pad}- ${yamlScalar(item)}`];
            const lines = yamlLines(item, indent + 2);
            return lines.length ? [`${pad}- ${lines[0].slice(indent + 2)}`, ...lines.slice(1)] : [`${pad}- {}`];
        });
    }
    return Object.entries(value).filter(([, v]) => v !== undefined).flatMap(([key, v]) => {
        if (v === null) return [`${pad}${key}:`];
        if (typeof v !== 'object') return [`${pad}${key}: ${yamlScalar(v)}`];
        if (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0) return [`${pad}${key}: ${Array.isArray(v) ? '[]' : '{}'}`];
        return [`${pad}${key}:`, ...yamlLines(v, indent + 2)];
    });
}

/// A moment (as the `plan` message names its fields) as the plan file writes it.
function momentEntry(moment) {
    const entry = {};
    switch (moment.kind) {
        case 'run': entry.run = typeof moment.rate === 'number' ? { to: moment.to, rate: moment.rate } : moment.to; break;
        case 'pause': entry.pause = typeof moment.seconds === 'number' ? moment.seconds : null; break;
        case 'ask': entry.ask = moment.question; break;
        case 'reveal': entry.reveal = null; break;
        case 'explain':
            if (moment.guide) entry.guide = moment.guide;
            else entry.explain = moment.title ? { title: moment.title, text: moment.text } : moment.text;
            break;
        case 'set': entry.set = { [moment.name]: moment.value }; break;
        case 'checkpoint': entry.checkpoint = null; break;
        case 'replicates': entry.replicates = { count: moment.count, horizon: moment.horizon, metric: moment.metric }; break;
        case 'hunt': {
            const round = { seconds: moment.seconds, catches: moment.catches };
            entry.hunt = round.seconds === undefined && round.catches === undefined ? null : round;
            break;
        }
        default: break;
    }
    if (typeof moment.at === 'number') entry.at = moment.at;
    if (moment.note) entry.note = moment.note;
    return entry;
}

/// The plan file: the top's fields, then the moments (a bare word for a moment with nothing to say).
export function planYaml(top, moments) {
    const lines = yamlLines(top, 0);
    lines.push('moments:');
    for (const moment of moments) {
        const entry = momentEntry(moment);
        const keys = Object.keys(entry);
        if (keys.length === 1 && entry[keys[0]] === null) lines.push(`  - ${keys[0]}`);
        else lines.push(...yamlLines([entry], 2));
    }
    return lines.join('\n') + '\n';
}

/// A whole number from a field, or undefined when it is empty.
function whole(input) {
    return input.value.trim() === '' ? undefined : Number(input.value);
}

export class PlanBuilder {
    /// - Parameters:
    ///   - form: the "New plan" section (its fields by id, `pb-...`; the question builder and the save are forms).
    ///   - model: `() => describeModels' entry` of the model chosen in "New lesson".
    ///   - top: `() => ({ model, scenario | parameters, seed?, options } | { problem })` from "New lesson".
    ///   - results: a PlanResults for the status, the mistakes and the preview.
    ///   - request: `(message, types) => answer`, as PlanWriter's.
    ///   - toEditor: `(text, name) => void` puts the plan in "Write a plan".
    ///   - saved: told once a plan is saved.
    constructor(form, { model, top, results, request, toEditor, saved }) {
        this.form = form;
        this.model = model;
        this.top = top;
        this.results = results;
        this.request = request;
        this.toEditor = toEditor;
        this.saved = saved;
        this.moments = [];
        this.editing = null; // the index of the moment being changed, or null when adding
        const $ = (id) => form.querySelector(`#${id}`);
        this.kind = $('pb-kind');
        this.list = $('pb-moments');
        this.said = $('pb-said');
        this.at = $('pb-at');
        this.note = $('pb-note');
        this.add = $('pb-add');
        this.cancel = $('pb-cancel');
        this.fields = {
            run: { to: $('pb-run-to'), rate: $('pb-run-rate') },
            pause: { seconds: $('pb-pause-seconds') },
            explain: { title: $('pb-explain-title'), text: $('pb-explain-text') },
            guide: { section: $('pb-guide') },
            set: { name: $('pb-set-name'), value: $('pb-set-value') },
            replicates: { count: $('pb-rep-count'), horizon: $('pb-rep-horizon'), metric: $('pb-rep-metric') },
            hunt: { seconds: $('pb-hunt-seconds'), catches: $('pb-hunt-catches') },
        };
        replaceChildren(this.kind, KINDS.map(([kind, key]) => el('option', words(key, { value: kind }), t(key))));
        replaceChildren(this.fields.guide.section, GUIDE_SECTIONS.map(([id, key]) =>
            el('option', words(key, { value: id }), t(key))));
        this.questions = new QuestionBuilder(document.getElementById('pb-question'),
            { ask: (message) => this.addQuestion(message), idPrefix: 'pbq', submitKey: 'teach.build.addQuestion' });
        this.kind.addEventListener('change', () => this.syncKind());
        this.fields.set.name.addEventListener('change', () => this.syncParameter());
        this.add.addEventListener('click', () => this.addMoment());
        this.cancel.addEventListener('click', () => this.stopEditing());
        $('pb-preview').addEventListener('click', () => this.preview());
        $('pb-to-editor').addEventListener('click', () => {
            const text = this.text();
            if (text !== null) this.toEditor(text, this.form.querySelector('#pb-name').value.trim());
        });
        $('pb-save-form').addEventListener('submit', (event) => {
            event.preventDefault();
            this.save();
        });
        fillWords(form);
        this.syncKind();
        this.renderList();
    }

    /// Follows the model chosen in "New lesson": its metrics for questions and replicates, its changeable
    /// parameters for `set`.
    renderModel() {
        const model = this.model();
        this.questions.render({ metrics: model?.metrics ?? [], presentation: model?.presentation ?? null,
            series: {}, lastGeneration: 0 });
        const metric = this.fields.replicates.metric;
        const previous = metric.value;
        replaceChildren(metric, (model?.metrics ?? []).filter((m) => !m.name.includes('('))
            .map((m) => el('option', { value: m.name }, m.label || m.name)));
        if ([...metric.options].some((o) => o.value === previous)) metric.value = previous;
        const name = this.fields.set.name;
        const chosen = name.value;
        this.changeable = (model?.parameters ?? []).filter((p) => p.changeable);
        replaceChildren(name, this.changeable.map((p) => el('option', { value: p.name }, parameterLabel(p))));
        if (this.changeable.some((p) => p.name === chosen)) name.value = chosen;
        this.syncParameter();
    }

    /// After a change of language: the kinds, the guide's parts and the timeline in the new words.
    relabel() {
        this.renderModel();
        this.renderList();
    }

    syncParameter(value) {
        const parameter = this.changeable?.find((p) => p.name === this.fields.set.name.value);
        this.parameter = parameter ? parameterField(parameter, value ?? parameter.defaultValue) : null;
        replaceChildren(this.fields.set.value, this.parameter?.node ?? null);
    }

    syncKind() {
        const kind = this.kind.value;
        for (const part of this.form.querySelectorAll('[data-moment]')) part.hidden = part.dataset.moment !== kind;
        // A question is added with the question builder's own button.
        this.add.hidden = kind === 'ask';
    }

    say(words) {
        setText(this.said, words);
    }

    /// The moment the form describes (the kind's fields, `at` and the note), or a sentence saying what is missing.
    readMoment(kind) {
        const moment = { kind: kind === 'guide' ? 'explain' : kind };
        const at = whole(this.at);
        if (at !== undefined) moment.at = at;
        const note = this.note.value.trim();
        if (note) moment.note = note;
        const f = this.fields[kind];
        switch (kind) {
            case 'run':
                moment.to = whole(f.to);
                if (moment.to === undefined) return { problem: t('teach.build.needGeneration') };
                if (f.rate.value.trim() !== '') moment.rate = Number(f.rate.value);
                break;
            case 'pause': if (whole(f.seconds) !== undefined) moment.seconds = whole(f.seconds); break;
            case 'explain': {
                const title = f.title.value.trim();
                const text = f.text.value.trim();
                if (!text) return { problem: t('teach.build.needText') };
                if (title) moment.title = title;
                moment.text = text;
                break;
            }
            case 'guide': moment.guide = f.section.value; break;
            case 'set': {
                const value = this.parameter?.read();
                if (!this.parameter || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
                    return { problem: t('teach.build.needValue') };
                }
                moment.name = this.parameter.parameter.name;
                moment.value = value;
                break;
            }
            case 'replicates':
                moment.count = whole(f.count) ?? 20;
                moment.horizon = whole(f.horizon) ?? 10;
                moment.metric = f.metric.value;
                break;
            case 'hunt':
                if (whole(f.seconds) !== undefined) moment.seconds = whole(f.seconds);
                if (whole(f.catches) !== undefined) moment.catches = whole(f.catches);
                break;
            default: break;
        }
        return { moment };
    }

    addQuestion(message) {
        const { type: _type, ...question } = message;
        const { moment } = this.readMoment('ask');
        this.place({ ...moment, kind: 'ask', question });
    }

    addMoment() {
        const { moment, problem } = this.readMoment(this.kind.value);
        if (problem) return this.say(problem);
        this.place(moment);
    }

    /// Adds the moment at the end, or puts it in the place of the one being changed.
    place(moment) {
        const index = this.editing ?? this.moments.length;
        if (this.editing === null) this.moments.push(moment);
        else this.moments[index] = moment;
        this.say(t(this.editing === null ? 'teach.build.added' : 'teach.build.changed',
            { number: index + 1, moment: momentWords(moment) }));
        this.stopEditing(false);
        this.renderList();
    }

    /// Fills the form with a moment of the timeline to change it.
    edit(index) {
        const moment = this.moments[index];
        this.editing = index;
        const kind = moment.kind === 'explain' && moment.guide ? 'guide' : moment.kind;
        this.kind.value = kind;
        this.at.value = moment.at ?? '';
        this.note.value = moment.note ?? '';
        const f = this.fields[kind];
        switch (kind) {
            case 'run': f.to.value = moment.to; f.rate.value = moment.rate ?? ''; break;
            case 'pause': f.seconds.value = moment.seconds ?? ''; break;
            case 'explain': f.title.value = moment.title ?? ''; f.text.value = moment.text ?? ''; break;
            case 'guide': f.section.value = moment.guide; break;
            case 'set': f.name.value = moment.name; this.syncParameter(moment.value); break;
            case 'replicates':
                f.count.value = moment.count; f.horizon.value = moment.horizon; f.metric.value = moment.metric; break;
            case 'hunt': f.seconds.value = moment.seconds ?? ''; f.catches.value = moment.catches ?? ''; break;
            case 'ask': this.questions.write(moment.question); break;
            default: break;
        }
        this.syncKind();
        setText(this.add, t('teach.build.change'));
        setText(this.questions.submit, t('teach.build.change'));
        this.cancel.hidden = false;
        this.say(t('teach.build.editing', { number: index + 1 }));
        this.kind.focus();
    }

    stopEditing(announce = true) {
        this.editing = null;
        setText(this.add, t('teach.build.add'));
        setText(this.questions.submit, t('teach.build.addQuestion'));
        this.cancel.hidden = true;
        if (announce) this.say('');
    }

    /// Moves a moment one place up (-1) or down (+1), keeping the focus on the same button of the moved moment.
    move(index, by, button) {
        const other = index + by;
        if (other < 0 || other >= this.moments.length) return;
        [this.moments[index], this.moments[other]] = [this.moments[other], this.moments[index]];
        if (this.editing === index) this.editing = other;
        else if (this.editing === other) this.editing = index;
        this.renderList();
        this.say(t('teach.build.moved', { number: other + 1, moment: momentWords(this.moments[other]) }));
        const buttons = this.list.children[other]?.querySelectorAll('button') ?? [];
        const same = [...buttons].find((b) => b.dataset.action === button);
        (same && !same.disabled ? same : this.list.children[other]?.querySelector('button:not([disabled])'))?.focus();
    }

    remove(index) {
        const [gone] = this.moments.splice(index, 1);
        if (this.editing === index) this.stopEditing(false);
        else if (this.editing !== null && this.editing > index) this.editing -= 1;
        this.renderList();
        this.say(t('teach.build.removed', { moment: momentWords(gone) }));
        (this.list.children[Math.min(index, this.moments.length - 1)]?.querySelector('button') ?? this.kind).focus();
    }

    renderList() {
        const count = this.moments.length;
        replaceChildren(this.list, this.moments.map((moment, index) => {
            const number = index + 1;
            const disabled = { up: index === 0, down: index === count - 1 };
            const buttons = BUTTONS.map(([action, key, label]) => {
                const node = el('button', { type: 'button', class: 'small', 'data-action': action,
                    'aria-label': t(label, { number }), ...(disabled[action] ? { disabled: true } : {}) }, t(key));
                node.addEventListener('click', () => {
                    if (action === 'up') this.move(index, -1, action);
                    else if (action === 'down') this.move(index, 1, action);
                    else if (action === 'edit') this.edit(index);
                    else this.remove(index);
                });
                return node;
            });
            return el('li', { class: 'moment' }, el('span', { class: 'moment-words' }, momentWords(moment)),
                moment.note ? el('span', { class: 'field-help' }, ` (${t('teach.plan.note', { note: moment.note })})`) : null,
                el('span', { class: 'button-row' }, buttons));
        }));
        setText(this.form.querySelector('#pb-count'), t('teach.build.count', { count }));
    }

    /// The plan file, or null (the sentence said) when something is missing.
    text() {
        const title = this.form.querySelector('#pb-title').value.trim();
        if (!title) {
            this.results.clear(t('teach.build.needTitle'));
            return null;
        }
        if (this.moments.length === 0) {
            this.results.clear(t('teach.build.needMoment'));
            return null;
        }
        const top = this.top();
        if (top.problem) {
            this.results.clear(top.problem);
            return null;
        }
        const summary = this.form.querySelector('#pb-summary').value.trim();
        const rate = this.form.querySelector('#pb-rate').value.trim();
        return planYaml({
            title, ...(summary ? { summary } : {}), model: top.model,
            ...(top.scenario ? { scenario: top.scenario } : { parameters: top.parameters }),
            ...(top.seed ? { seed: Number(top.seed) } : {}), options: top.options,
            pace: this.form.querySelector('#pb-pace').value, ...(rate !== '' ? { rate: Number(rate) } : {}),
        }, this.moments);
    }

    async preview() {
        const text = this.text();
        if (text !== null) await this.results.preview(this.request, text);
    }

    async save() {
        const text = this.text();
        if (text === null) return;
        const name = await this.results.save(this.request, this.form.querySelector('#pb-name').value.trim(), text,
            this.form.querySelector('#pb-replace').checked);
        if (name) this.saved(name);
    }
}
