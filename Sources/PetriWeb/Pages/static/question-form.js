// What more than one kind's part of the teacher's question builder uses (each kind's part is its ask-*.js module): a
// labelled field, one condition's controls (a choice option's, a probability's event) and the tolerance with the
// default the server will use (a number's, a range's). Only the console loads it.

import { el, setText, formatNumber } from './dom.js';
import { t, words, wordsAttr } from './words.js';

const OPERATORS = [
    ['gt', 'builder.op.gt'], ['ge', 'builder.op.ge'], ['lt', 'builder.op.lt'], ['le', 'builder.op.le'],
    ['eq', 'builder.op.eq'], ['ne', 'builder.op.ne'], ['between', 'builder.op.between'], ['over', 'builder.op.over'],
    ['otherwise', 'builder.op.otherwise'],
];

let serial = 0;

/// A field: `text` labelling `input` (given an id when it has none), then `extra`; `key` marks the label's words.
export function labelled(text, input, extra = null, key = null) {
    serial += 1;
    const id = input.id || `qb-${serial}`;
    input.id = id;
    return el('div', { class: 'field' }, el('label', key ? words(key, { for: id }) : { for: id }, text), input, extra);
}

/// A field labelled from the catalog.
export function labelledWords(key, input, extra = null) {
    return labelled(t(key), input, extra, key);
}

/// A kind's part of the form: a fieldset with its legend from the catalog.
export function kindPart(legendKey, ...children) {
    return el('fieldset', { class: 'kind-part' }, el('legend', words(legendKey), t(legendKey)), ...children);
}

/// One condition's controls: operator, "relative to the value when asked", value and upper bound.
export class ConditionRow {
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

/// The tolerance the server uses when none is given: the metric's own `tolerance` when it states one, else a
/// tenth of the metric's range when it has one, else a fifth of its value when asked, at least 1 (PROTOCOL.md 5.1).
export function defaultTolerance(metric, currentValue) {
    if (Number.isFinite(metric?.tolerance)) return metric.tolerance;
    if (Array.isArray(metric?.range)) return (metric.range[1] - metric.range[0]) / 10;
    if (!Number.isFinite(currentValue)) return null;
    return Math.max(1, Math.abs(currentValue) / 5);
}

/// The tolerance's field (ids `<id>` and `<id>-default`), saying the default the server will use for the metric
/// whose value is `current` now: `field` for the form, `sync(context)` to follow the metric, `fill(message)`, and
/// `write(message)` to show a question's own tolerance.
export function toleranceField(id) {
    const input = el('input', { id, type: 'number', step: 'any', min: '0' });
    const about = el('p', { class: 'field-help', id: `${id}-default` });
    return {
        field: labelledWords('builder.tolerance', input, about),
        sync({ metric, current }) {
            const tolerance = defaultTolerance(metric, current);
            const shown = tolerance === null ? '' : formatNumber(Math.round(tolerance * 100) / 100);
            setText(about, tolerance === null ? t('builder.tolerance.unknown')
                : Array.isArray(metric?.range) ? t('builder.tolerance.range', { tolerance: shown })
                    : t('builder.tolerance.value', { tolerance: shown }));
        },
        fill(message) {
            if (input.value !== '') message.tolerance = Number(input.value);
        },
        write(message) {
            input.value = message?.tolerance ?? '';
        },
    };
}
