// The parts of the teacher's question builder that more than one kind's part of the form uses (each kind's part is
// in its answer-*.js module): a labelled field and one condition's controls (a choice option's, a probability's
// event).

import { el } from './dom.js';

const OPERATORS = [
    ['gt', 'is above'], ['ge', 'is at least'], ['lt', 'is below'], ['le', 'is at most'], ['eq', 'equals'],
    ['ne', 'differs from'], ['between', 'is between'], ['over', 'the run has ended (extinct)'],
    ['otherwise', 'otherwise (always; last option only)'],
];

let serial = 0;
export function labelled(text, input, extra = null) {
    serial += 1;
    const id = input.id || `qb-${serial}`;
    input.id = id;
    return el('div', { class: 'field' }, el('label', { for: id }, text), input, extra);
}

/// One condition's controls: operator, "relative to the value when asked", value and upper bound.
export class ConditionRow {
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
