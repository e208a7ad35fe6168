// The teacher's question builder: the kind (its part of the form comes from the kind's own answer-*.js module:
// a number's tolerance, a choice's options, a probability's event), the metric from the model's list with its
// description and unit, horizon, optional time limit, prompt and hint. It builds the `ask` message (PROTOCOL.md
// section 5.1) and checks nothing the server checks: every refusal is the server's sentence.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { askableKinds } from './answer-kinds.js';
import { labelled } from './question-form.js';

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
    constructor(root, { ask }) {
        this.root = root;
        this.ask = ask;
        this.metrics = [];
        this.state = null;
        // Each kind's part of the form, from its module, in the order the kinds are listed.
        this.parts = askableKinds().map(([kind, module]) => ({ kind, ...module.builderPart() }));
        this.kind = el('select', { id: 'q-kind' },
            askableKinds().map(([kind, module]) => el('option', { value: kind }, module.builderLabel)));
        this.metric = el('select', { id: 'q-metric' });
        this.metricAbout = el('p', { class: 'field-help', id: 'q-metric-about' });
        this.arguments = el('div', { class: 'arguments' });
        this.horizon = el('input', { id: 'q-horizon', type: 'number', min: '1', max: '1000', step: '1', value: '5' });
        this.timeLimit = el('input', { id: 'q-time-limit', type: 'number', min: '1', max: '3600', step: '1',
            placeholder: 'none' });
        this.prompt = el('input', { id: 'q-prompt', type: 'text', maxlength: '300' });
        this.hint = el('input', { id: 'q-hint', type: 'text', maxlength: '300', placeholder: 'none' });
        this.allowChange = el('input', { id: 'q-allow-change', type: 'checkbox', checked: true });
        this.submit = el('button', { type: 'submit', class: 'primary', id: 'q-ask' }, 'Ask the class');
        replaceChildren(root,
            el('h2', {}, 'Ask a question'),
            labelled('Kind', this.kind),
            labelled('Metric', this.metric, this.metricAbout), this.arguments,
            labelled('Generations ahead (horizon)', this.horizon),
            labelled('Question (as the class will read it)', this.prompt),
            this.parts.map((part) => part.node),
            labelled('Time limit in seconds (optional)', this.timeLimit),
            labelled('Hint (optional: taking it halves the points)', this.hint),
            el('div', { class: 'field inline' }, this.allowChange,
                el('label', { for: 'q-allow-change' }, 'Students may change their answer until it locks')),
            this.submit);
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
    /// the model and the current value.
    render(state) {
        this.state = state;
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
        setText(this.metricAbout, metric
            ? `${metric.description}${metric.unit ? ` Unit: ${metric.unit}.` : ''}${Array.isArray(metric.range)
                ? ` Range ${formatNumber(metric.range[0])} to ${formatNumber(metric.range[1])}.` : ''}`
            : '');
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
        this.parts.find((part) => part.kind === kind)?.fill(message);
        return message;
    }
}
