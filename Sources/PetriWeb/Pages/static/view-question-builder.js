// The teacher's question builder: the four kinds (number, choice, probability, range), the metric from the model's
// list with its description and unit, horizon, optional time limit, prompt, hint, tolerance (showing the
// default the server will use), choice options from the grow / shrink / extinct / same preset or custom
// conditions, and the event of a probability question. It builds the `ask` message (PROTOCOL.md section 5.1)
// and checks nothing the server checks: every refusal is the server's sentence.

import { el, setText, replaceChildren, formatNumber } from './dom.js';

const OPERATORS = [
    ['gt', 'is above'], ['ge', 'is at least'], ['lt', 'is below'], ['le', 'is at most'], ['eq', 'equals'],
    ['ne', 'differs from'], ['between', 'is between'], ['over', 'the run has ended (extinct)'],
    ['otherwise', 'otherwise (always; last option only)'],
];

/// grow / shrink / extinct / same, in the order that makes "extinct" win over "shrink" (PROTOCOL.md 5.1).
export const PRESET = [
    { label: 'extinct', when: { op: 'over' } },
    { label: 'grow', when: { op: 'gt', ref: 'asked' } },
    { label: 'shrink', when: { op: 'lt', ref: 'asked' } },
    { label: 'same', when: { op: 'otherwise' } },
];

/// The tolerance the server uses when none is given: the metric's own `tolerance` when it states one, else a
/// tenth of the metric's range when it has one, else a fifth of its value when asked, at least 1 (PROTOCOL.md 5.1).
export function defaultTolerance(metric, currentValue) {
    if (Number.isFinite(metric?.tolerance)) return metric.tolerance;
    if (Array.isArray(metric?.range)) return (metric.range[1] - metric.range[0]) / 10;
    if (!Number.isFinite(currentValue)) return null;
    return Math.max(1, Math.abs(currentValue) / 5);
}

/// The metric's arguments' names: `["x", "y"]` for `cell(x,y)`.
/// What a person reads for a metric: its label from the model's description, else its description.
function metricLabel(metric) {
    return metric.label || String(metric.description ?? metric.name).replace(/\.$/, '');
}

function argumentNames(name) {
    const match = /^[^(]*\(([^)]*)\)$/.exec(name);
    return match && match[1] ? match[1].split(',') : [];
}

let serial = 0;
function labelled(text, input, extra = null) {
    serial += 1;
    const id = input.id || `qb-${serial}`;
    input.id = id;
    return el('div', { class: 'field' }, el('label', { for: id }, text), input, extra);
}

/// One condition's controls: operator, "relative to the value when asked", value and upper bound.
class ConditionRow {
    constructor(condition = { op: 'gt' }, { allowNone = false, label = null } = {}) {
        this.op = el('select', { 'aria-label': 'Condition' },
            allowNone ? el('option', { value: '' }, 'it happens (yes/no metric is 1)') : null,
            OPERATORS.map(([value, words]) => el('option', { value }, words)));
        this.value = el('input', { type: 'number', step: 'any', 'aria-label': 'Value', class: 'short' });
        this.upper = el('input', { type: 'number', step: 'any', 'aria-label': 'Upper value', class: 'short' });
        this.relative = el('input', { type: 'checkbox', 'aria-label': 'Relative to the value when asked' });
        this.label = label;
        const relativeId = `qb-rel-${(serial += 1)}`;
        this.relative.id = relativeId;
        this.node = el('div', { class: 'condition' }, label, this.op, this.value,
            el('span', { class: 'upper-words' }, 'and'), this.upper,
            el('span', { class: 'relative' }, this.relative, el('label', { for: relativeId }, 'relative to the value when asked')));
        this.op.addEventListener('change', () => this.sync());
        this.write(condition);
    }

    write(condition) {
        this.op.value = condition?.op ?? '';
        this.value.value = condition?.value ?? '';
        this.upper.value = condition?.upper ?? '';
        this.relative.checked = condition?.ref === 'asked';
        this.sync();
    }

    sync() {
        const op = this.op.value;
        const needsValue = op !== '' && op !== 'over' && op !== 'otherwise';
        this.value.hidden = !needsValue;
        this.relative.parentElement.hidden = !needsValue;
        this.upper.hidden = op !== 'between';
        this.node.querySelector('.upper-words').hidden = op !== 'between';
    }

    read() {
        const op = this.op.value;
        if (op === '') return null;
        const condition = { op };
        if (op !== 'over' && op !== 'otherwise') {
            if (this.value.value !== '') condition.value = Number(this.value.value);
            if (this.relative.checked) condition.ref = 'asked';
            if (op === 'between' && this.upper.value !== '') condition.upper = Number(this.upper.value);
        }
        return condition;
    }
}

export class QuestionBuilder {
    /// - Parameters:
    ///   - root: the element this view owns (a form).
    ///   - ask: `(message) => void`, sending the `ask` message.
    constructor(root, { ask }) {
        this.root = root;
        this.ask = ask;
        this.metrics = [];
        this.kind = el('select', { id: 'q-kind' },
            el('option', { value: 'number' }, 'Number: predict a value'),
            el('option', { value: 'choice' }, 'Choice: pick what will happen'),
            el('option', { value: 'probability' }, 'Probability: how likely is it?'),
            el('option', { value: 'range' }, 'Range: a range the student is N% sure of'));
        this.confidence = el('input', { id: 'q-confidence', type: 'number', min: '50', max: '99', step: '1',
            value: '80' });
        this.metric = el('select', { id: 'q-metric' });
        this.metricAbout = el('p', { class: 'field-help', id: 'q-metric-about' });
        this.arguments = el('div', { class: 'arguments' });
        this.horizon = el('input', { id: 'q-horizon', type: 'number', min: '1', max: '1000', step: '1', value: '5' });
        this.timeLimit = el('input', { id: 'q-time-limit', type: 'number', min: '1', max: '3600', step: '1',
            placeholder: 'none' });
        this.prompt = el('input', { id: 'q-prompt', type: 'text', maxlength: '300' });
        this.hint = el('input', { id: 'q-hint', type: 'text', maxlength: '300', placeholder: 'none' });
        this.allowChange = el('input', { id: 'q-allow-change', type: 'checkbox', checked: true });
        this.tolerance = el('input', { id: 'q-tolerance', type: 'number', step: 'any', min: '0' });
        this.toleranceAbout = el('p', { class: 'field-help', id: 'q-tolerance-default' });
        this.options = [];
        this.optionsNode = el('div', { class: 'options-list' });
        this.preset = el('button', { type: 'button', id: 'q-preset' }, 'Use grow / shrink / extinct / same');
        this.addOption = el('button', { type: 'button', id: 'q-add-option' }, 'Add an option');
        this.event = new ConditionRow({ op: '' }, { allowNone: true });
        this.submit = el('button', { type: 'submit', class: 'primary', id: 'q-ask' }, 'Ask the class');
        this.confidenceField = labelled('How sure the range should be, in percent (50 to 99)', this.confidence);
        this.numberPart = el('fieldset', { class: 'kind-part' }, el('legend', {}, 'Scoring'), this.confidenceField,
            labelled('Tolerance (how far off scores 0)', this.tolerance, this.toleranceAbout));
        this.choicePart = el('fieldset', { class: 'kind-part' }, el('legend', {}, 'Options (the first that holds is right)'),
            el('div', { class: 'button-row' }, this.preset, this.addOption), this.optionsNode);
        this.probabilityPart = el('fieldset', { class: 'kind-part' }, el('legend', {}, 'The event'),
            el('p', { class: 'field-help' }, 'Students give the chance that, at the target generation, the metric…'),
            this.event.node);
        replaceChildren(root,
            el('h2', {}, 'Ask a question'),
            labelled('Kind', this.kind),
            labelled('Metric', this.metric, this.metricAbout), this.arguments,
            labelled('Generations ahead (horizon)', this.horizon),
            labelled('Question (as the class will read it)', this.prompt),
            this.numberPart, this.choicePart, this.probabilityPart,
            labelled('Time limit in seconds (optional)', this.timeLimit),
            labelled('Hint (optional: taking it halves the points)', this.hint),
            el('div', { class: 'field inline' }, this.allowChange,
                el('label', { for: 'q-allow-change' }, 'Students may change their answer until it locks')),
            this.submit);
        this.kind.addEventListener('change', () => this.sync());
        this.metric.addEventListener('change', () => this.sync());
        this.preset.addEventListener('click', () => this.usePreset());
        this.addOption.addEventListener('click', () => {
            this.presetFor = undefined;
            this.addOptionRow({ label: '', when: { op: 'gt' } });
        });
        root.addEventListener('submit', (event) => {
            event.preventDefault();
            this.ask(this.build());
        });
        this.usePreset();
        this.state = null;
    }

    /// Whether the lesson's model can die out: its presentation says how it reads when none are left (a model
    /// whose presentation has no `extinct`, such as a board of cells, cannot); unknown before the welcome.
    canDieOut() {
        const presentation = this.state?.presentation;
        return !presentation || typeof presentation.extinct === 'string';
    }

    /// The preset options; "extinct" only for a model that can die out.
    usePreset() {
        this.options = [];
        replaceChildren(this.optionsNode);
        const canDieOut = this.canDieOut();
        for (const option of PRESET) if (canDieOut || option.when.op !== 'over') this.addOptionRow(option);
        // The preset as shown, until the teacher adds or removes an option: a new lesson's model redraws it.
        this.presetFor = canDieOut;
    }

    addOptionRow(option) {
        const label = el('input', { type: 'text', maxlength: '60', 'aria-label': 'Option label', class: 'option-label',
            value: option.label });
        const row = new ConditionRow(option.when, { label });
        const remove = el('button', { type: 'button', class: 'small', 'aria-label': 'Remove this option' }, '✕');
        row.node.append(remove);
        const entry = { label, row };
        remove.addEventListener('click', () => {
            this.presetFor = undefined;
            this.options = this.options.filter((o) => o !== entry);
            row.node.remove();
        });
        this.options.push(entry);
        this.optionsNode.append(row.node);
    }

    /// Keeps the metric list in step with the lesson (the welcome's `metrics`) and the default tolerance in
    /// step with the current value.
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
        if (this.presetFor !== undefined && this.presetFor !== this.canDieOut()) this.usePreset();
        this.sync();
    }

    selectedMetric() {
        return this.state?.metrics.find((m) => m.name === this.metric.value) ?? null;
    }

    sync() {
        const kind = this.kind.value;
        this.numberPart.hidden = kind !== 'number' && kind !== 'range';
        this.confidenceField.hidden = kind !== 'range';
        this.choicePart.hidden = kind !== 'choice';
        this.probabilityPart.hidden = kind !== 'probability';
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
        const tolerance = defaultTolerance(metric, current);
        setText(this.toleranceAbout, tolerance === null
            ? 'Leave empty for the server\'s default: a fifth of the value when asked, at least 1.'
            : `Leave empty for the server's default: ${formatNumber(Math.round(tolerance * 100) / 100)}` +
                (Array.isArray(metric?.range) ? ' (a tenth of the range).' : ' (a fifth of the value now, at least 1).'));
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
        if ((kind === 'number' || kind === 'range') && this.tolerance.value !== '') {
            message.tolerance = Number(this.tolerance.value);
        }
        if (kind === 'range' && this.confidence.value !== '') message.confidence = Number(this.confidence.value);
        if (kind === 'choice') {
            message.options = this.options.map(({ label, row }) => ({ label: label.value.trim(), when: row.read() ?? { op: 'otherwise' } }));
        }
        if (kind === 'probability') {
            const event = this.event.read();
            if (event) message.event = event;
        }
        return message;
    }
}
