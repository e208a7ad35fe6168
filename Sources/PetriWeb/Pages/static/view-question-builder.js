// The teacher's question builder: the kind (listed by answer-kinds.js; each kind's part of the form is its own
// ask-*.js module), the metric from the model's list with its description and unit, horizon (in generations, or in
// rounds of the class's hunting for a model drawn as creatures on a background), optional time limit,
// prompt and hint. It builds the `ask`
// message (PROTOCOL.md section 5.1) and checks nothing the server checks: every refusal is the server's sentence.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { t, words, wordsAttr } from './words.js';
import { askableKinds } from './answer-kinds.js';
import { labelled, labelledWords } from './question-form.js';

// The kinds' modules, loaded before the console builds its form (as words.js loads the catalogs).
const KINDS = await askableKinds();

/// What a person reads for a metric: its label from the model's description, else its description.
function metricLabel(metric) {
    return metric.label || String(metric.description ?? metric.name).replace(/\.$/, '');
}

/// The metric's arguments' names: `["x", "y"]` for `cell(x,y)`.
function argumentNames(name) {
    const match = /^[^(]*\(([^)]*)\)$/.exec(name);
    return match && match[1] ? match[1].split(',') : [];
}

export class QuestionBuilder {
    /// - Parameters:
    ///   - root: the element this view owns (a form).
    ///   - ask: `(message) => void`, sending the `ask` message.
    ///   - idPrefix: what the form's ids start with instead of `q` (a page with two builders: the live console's
    ///     and the plan builder's).
    ///   - submitKey: the catalog key of the submit button's words.
    constructor(root, { ask, idPrefix = 'q', submitKey = 'builder.ask' }) {
        this.root = root;
        this.ask = ask;
        this.metrics = [];
        this.state = null;
        // Each kind's part of the form, from its module, in the order the kinds are listed.
        this.parts = KINDS.map(([kind, asking]) => ({ kind, ...asking.part() }));
        this.kind = el('select', { id: 'q-kind' },
            KINDS.map(([kind, asking]) => el('option', words(asking.label, { value: kind }), t(asking.label))));
        this.metric = el('select', { id: 'q-metric' });
        this.metricAbout = el('p', { class: 'field-help', id: 'q-metric-about' });
        this.arguments = el('div', { class: 'arguments' });
        this.horizon = el('input', { id: 'q-horizon', type: 'number', min: '1', max: '1000', step: '1', value: '5' });
        // What the horizon counts: generations, or (a model drawn as creatures on a background, the live console's
        // builder) rounds of the class's hunting, so the teacher asks before the class hunts.
        this.horizonIn = el('select', { id: 'q-horizon-in' },
            el('option', words('builder.horizonIn.generations', { value: 'generations' }), t('builder.horizonIn.generations')),
            el('option', words('builder.horizonIn.hunts', { value: 'hunts' }), t('builder.horizonIn.hunts')));
        this.horizonInField = labelledWords('builder.horizonIn', this.horizonIn);
        this.horizonInField.hidden = true;
        this.offersHunts = idPrefix === 'q';
        this.timeLimit = el('input', wordsAttr('placeholder', 'builder.none',
            { id: 'q-time-limit', type: 'number', min: '1', max: '3600', step: '1' }));
        this.prompt = el('input', { id: 'q-prompt', type: 'text', maxlength: '300' });
        this.hint = el('input', wordsAttr('placeholder', 'builder.none', { id: 'q-hint', type: 'text', maxlength: '300' }));
        this.allowChange = el('input', { id: 'q-allow-change', type: 'checkbox', checked: true });
        this.submit = el('button', words(submitKey, { type: 'submit', class: 'primary', id: 'q-ask' }), t(submitKey));
        replaceChildren(root,
            el('h2', words('builder.heading'), t('builder.heading')),
            labelledWords('builder.kind', this.kind),
            labelledWords('builder.metric', this.metric, this.metricAbout), this.arguments,
            labelledWords('builder.horizon', this.horizon), this.horizonInField,
            labelledWords('builder.prompt', this.prompt),
            this.parts.map((part) => part.node),
            labelledWords('builder.timeLimit', this.timeLimit),
            labelledWords('builder.hint', this.hint),
            el('div', { class: 'field inline' }, this.allowChange,
                el('label', words('builder.allowChange', { for: 'q-allow-change' }), t('builder.allowChange'))),
            this.submit);
        if (idPrefix !== 'q') {
            for (const node of root.querySelectorAll('[id^="q-"]')) node.id = idPrefix + node.id.slice(1);
            for (const label of root.querySelectorAll('label[for^="q-"]')) label.htmlFor = idPrefix + label.htmlFor.slice(1);
        }
        this.kind.addEventListener('change', () => this.sync());
        this.metric.addEventListener('change', () => this.sync());
        root.addEventListener('submit', (event) => {
            event.preventDefault();
            this.ask(this.build());
        });
    }

    /// Whether the lesson's model can die out: its presentation says how it reads when none are left (a model
    /// whose presentation has no `extinct`, such as a board of cells, cannot); unknown before the welcome.
    canDieOut() {
        const presentation = this.state?.presentation;
        return !presentation || typeof presentation.extinct === 'string';
    }

    /// Keeps the metric list in step with the lesson (the welcome's `metrics`) and each kind's part in step with
    /// the model, the current value and the page's language.
    render(state) {
        this.state = state;
        this.horizonInField.hidden = !this.offersHunts || state.presentation?.picture !== 'traitField';
        const names = state.metrics.map((m) => m.name).join('\n');
        if (names !== this.metricNames) {
            this.metricNames = names;
            const previous = this.metric.value;
            replaceChildren(this.metric, state.metrics.map((m) => el('option', { value: m.name },
                `${metricLabel(m)}${m.unit ? ` (${m.unit})` : ''}`)));
            if (state.metrics.some((m) => m.name === previous)) this.metric.value = previous;
            this.metricArguments = null;
        }
        this.sync();
    }

    selectedMetric() {
        return this.state?.metrics.find((m) => m.name === this.metric.value) ?? null;
    }

    sync() {
        const kind = this.kind.value;
        for (const part of this.parts) part.node.hidden = part.kind !== kind;
        const metric = this.selectedMetric();
        setText(this.metricAbout, metric ? [
            metric.description,
            metric.unit ? t('builder.metric.unit', { unit: metric.unit }) : '',
            Array.isArray(metric.range)
                ? t('builder.metric.range', { low: formatNumber(metric.range[0]), high: formatNumber(metric.range[1]) }) : '',
        ].join('') : '');
        const args = metric ? argumentNames(metric.name) : [];
        if (this.metricArguments !== metric?.name) {
            this.metricArguments = metric?.name ?? null;
            replaceChildren(this.arguments, args.map((name) => labelled(`${name}`,
                el('input', { type: 'number', step: '1', value: '0', class: 'short', 'data-argument': name }))));
        }
        const current = metric && !args.length ? this.state?.series?.[metric.name]?.[this.state.lastGeneration] : NaN;
        for (const part of this.parts) part.sync({ metric, current, canDieOut: this.canDieOut() });
    }

    /// The metric as a question names it: `population`, or `cell(3,4)` with the typed arguments.
    metricName() {
        const metric = this.selectedMetric();
        if (!metric) return this.metric.value;
        const args = [...this.arguments.querySelectorAll('input')].map((input) => input.value.trim() || '0');
        return args.length ? `${metric.name.split('(')[0]}(${args.join(',')})` : metric.name;
    }

    /// Shows a question written before (a plan's `ask`, to change it): its kind, metric, arguments and fields.
    write(question) {
        if (this.parts.some((part) => part.kind === question.kind)) this.kind.value = question.kind;
        const metric = String(question.metric ?? '');
        const listed = this.state?.metrics.find((m) => m.name === metric || m.name.split('(')[0] === metric.split('(')[0]);
        if (listed) this.metric.value = listed.name;
        this.sync();
        const values = argumentNames(metric);
        [...this.arguments.querySelectorAll('input')].forEach((input, index) => { input.value = values[index] ?? '0'; });
        this.horizon.value = question.horizon ?? 5;
        this.horizonIn.value = question.horizonIn === 'hunts' ? 'hunts' : 'generations';
        this.timeLimit.value = question.timeLimit ?? '';
        this.prompt.value = question.prompt ?? '';
        this.hint.value = question.hint ?? '';
        this.allowChange.checked = question.allowChange !== false;
        this.parts.find((part) => part.kind === this.kind.value)?.write?.(question);
    }

    /// The `ask` message from the form.
    build() {
        const kind = this.kind.value;
        const message = { type: 'ask', kind, metric: this.metricName(), horizon: Number(this.horizon.value || 0),
            allowChange: this.allowChange.checked };
        const prompt = this.prompt.value.trim();
        if (prompt) message.prompt = prompt;
        const hint = this.hint.value.trim();
        if (hint) message.hint = hint;
        if (this.timeLimit.value !== '') message.timeLimit = Number(this.timeLimit.value);
        if (!this.horizonInField.hidden && this.horizonIn.value === 'hunts') message.horizonIn = 'hunts';
        this.parts.find((part) => part.kind === kind)?.fill(message);
        return message;
    }
}
