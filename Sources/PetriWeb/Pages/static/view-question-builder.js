// The teacher's question builder: the four kinds (number, choice, probability, range), the metric from the model's
// list with its description and unit, horizon, optional time limit, prompt, hint, tolerance (showing the
// default the server will use), choice options from the grow / shrink / extinct / same preset or custom
// conditions, and the event of a probability question. It builds the `ask` message (PROTOCOL.md section 5.1)
// and checks nothing the server checks: every refusal is the server's sentence.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { t, words, wordsAttr, language } from './words.js';

const OPERATORS = [
    ['gt', 'builder.op.gt'], ['ge', 'builder.op.ge'], ['lt', 'builder.op.lt'], ['le', 'builder.op.le'],
    ['eq', 'builder.op.eq'], ['ne', 'builder.op.ne'], ['between', 'builder.op.between'], ['over', 'builder.op.over'],
    ['otherwise', 'builder.op.otherwise'],
];

/// grow / shrink / extinct / same, in the order that makes "extinct" win over "shrink" (PROTOCOL.md 5.1); the
/// labels (which the class reads) in the page's language.
export const PRESET = [
    { key: 'builder.preset.extinct', when: { op: 'over' } },
    { key: 'builder.preset.grow', when: { op: 'gt', ref: 'asked' } },
    { key: 'builder.preset.shrink', when: { op: 'lt', ref: 'asked' } },
    { key: 'builder.preset.same', when: { op: 'otherwise' } },
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
function labelled(text, input, extra = null, key = null) {
    serial += 1;
    const id = input.id || `qb-${serial}`;
    input.id = id;
    return el('div', { class: 'field' }, el('label', key ? words(key, { for: id }) : { for: id }, text), input, extra);
}

/// A field labelled from the catalog.
function labelledWords(key, input, extra = null) {
    return labelled(t(key), input, extra, key);
}

/// One condition's controls: operator, "relative to the value when asked", value and upper bound.
class ConditionRow {
    constructor(condition = { op: 'gt' }, { allowNone = false, label = null } = {}) {
        this.op = el('select', wordsAttr('aria-label', 'builder.condition'),
            allowNone ? el('option', words('builder.op.happens', { value: '' }), t('builder.op.happens')) : null,
            OPERATORS.map(([value, key]) => el('option', words(key, { value }), t(key))));
        this.value = el('input', wordsAttr('aria-label', 'builder.value', { type: 'number', step: 'any', class: 'short' }));
        this.upper = el('input', wordsAttr('aria-label', 'builder.upper', { type: 'number', step: 'any', class: 'short' }));
        this.relative = el('input', wordsAttr('aria-label', 'builder.relative.label', { type: 'checkbox' }));
        this.label = label;
        const relativeId = `qb-rel-${(serial += 1)}`;
        this.relative.id = relativeId;
        this.node = el('div', { class: 'condition' }, label, this.op, this.value,
            el('span', words('builder.and', { class: 'upper-words' }), t('builder.and')), this.upper,
            el('span', { class: 'relative' }, this.relative,
                el('label', words('builder.relative', { for: relativeId }), t('builder.relative'))));
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
            el('option', words('builder.kind.number', { value: 'number' }), t('builder.kind.number')),
            el('option', words('builder.kind.choice', { value: 'choice' }), t('builder.kind.choice')),
            el('option', words('builder.kind.probability', { value: 'probability' }), t('builder.kind.probability')),
            el('option', words('builder.kind.range', { value: 'range' }), t('builder.kind.range')));
        this.confidence = el('input', { id: 'q-confidence', type: 'number', min: '50', max: '99', step: '1',
            value: '80' });
        this.metric = el('select', { id: 'q-metric' });
        this.metricAbout = el('p', { class: 'field-help', id: 'q-metric-about' });
        this.arguments = el('div', { class: 'arguments' });
        this.horizon = el('input', { id: 'q-horizon', type: 'number', min: '1', max: '1000', step: '1', value: '5' });
        this.timeLimit = el('input', wordsAttr('placeholder', 'builder.none',
            { id: 'q-time-limit', type: 'number', min: '1', max: '3600', step: '1' }));
        this.prompt = el('input', { id: 'q-prompt', type: 'text', maxlength: '300' });
        this.hint = el('input', wordsAttr('placeholder', 'builder.none', { id: 'q-hint', type: 'text', maxlength: '300' }));
        this.allowChange = el('input', { id: 'q-allow-change', type: 'checkbox', checked: true });
        this.tolerance = el('input', { id: 'q-tolerance', type: 'number', step: 'any', min: '0' });
        this.toleranceAbout = el('p', { class: 'field-help', id: 'q-tolerance-default' });
        this.options = [];
        this.optionsNode = el('div', { class: 'options-list' });
        this.preset = el('button', words('builder.preset', { type: 'button', id: 'q-preset' }), t('builder.preset'));
        this.addOption = el('button', words('builder.addOption', { type: 'button', id: 'q-add-option' }), t('builder.addOption'));
        this.event = new ConditionRow({ op: '' }, { allowNone: true });
        this.submit = el('button', words('builder.ask', { type: 'submit', class: 'primary', id: 'q-ask' }), t('builder.ask'));
        this.confidenceField = labelledWords('builder.confidence', this.confidence);
        this.numberPart = el('fieldset', { class: 'kind-part' }, el('legend', words('builder.scoring'), t('builder.scoring')),
            this.confidenceField, labelledWords('builder.tolerance', this.tolerance, this.toleranceAbout));
        this.choicePart = el('fieldset', { class: 'kind-part' }, el('legend', words('builder.options'), t('builder.options')),
            el('div', { class: 'button-row' }, this.preset, this.addOption), this.optionsNode);
        this.probabilityPart = el('fieldset', { class: 'kind-part' }, el('legend', words('builder.event'), t('builder.event')),
            el('p', words('builder.event.explain', { class: 'field-help' }), t('builder.event.explain')),
            this.event.node);
        replaceChildren(root,
            el('h2', words('builder.heading'), t('builder.heading')),
            labelledWords('builder.kind', this.kind),
            labelledWords('builder.metric', this.metric, this.metricAbout), this.arguments,
            labelledWords('builder.horizon', this.horizon),
            labelledWords('builder.prompt', this.prompt),
            this.numberPart, this.choicePart, this.probabilityPart,
            labelledWords('builder.timeLimit', this.timeLimit),
            labelledWords('builder.hint', this.hint),
            el('div', { class: 'field inline' }, this.allowChange,
                el('label', words('builder.allowChange', { for: 'q-allow-change' }), t('builder.allowChange'))),
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
        for (const { key, when } of PRESET) if (canDieOut || when.op !== 'over') this.addOptionRow({ label: t(key), when });
        this.presetLanguage = language();
        // The preset as shown, until the teacher adds or removes an option: a new lesson's model redraws it.
        this.presetFor = canDieOut;
    }

    addOptionRow(option) {
        const label = el('input', wordsAttr('aria-label', 'builder.optionLabel',
            { type: 'text', maxlength: '60', class: 'option-label', value: option.label }));
        const row = new ConditionRow(option.when, { label });
        const remove = el('button', wordsAttr('aria-label', 'builder.removeOption', { type: 'button', class: 'small' }), '✕');
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
        // The preset as shown is redrawn for another model, and in another language (its labels are words).
        if (this.presetFor !== undefined && (this.presetFor !== this.canDieOut() || this.presetLanguage !== language())) {
            this.usePreset();
        }
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
        const tolerance = defaultTolerance(metric, current);
        const shown = tolerance === null ? '' : formatNumber(Math.round(tolerance * 100) / 100);
        setText(this.toleranceAbout, tolerance === null ? t('builder.tolerance.unknown')
            : Array.isArray(metric?.range) ? t('builder.tolerance.range', { tolerance: shown })
                : t('builder.tolerance.value', { tolerance: shown }));
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
