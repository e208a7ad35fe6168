// A number question's answer on the student page: a number field with the metric's unit.

import { el, formatNumber, setText, wireNumber } from './dom.js';
import { labelled } from './question-form.js';

/// The tolerance the server uses when none is given: the metric's own `tolerance` when it states one, else a
/// tenth of the metric's range when it has one, else a fifth of its value when asked, at least 1 (PROTOCOL.md 5.1).
export function defaultTolerance(metric, currentValue) {
    if (Number.isFinite(metric?.tolerance)) return metric.tolerance;
    if (Array.isArray(metric?.range)) return (metric.range[1] - metric.range[0]) / 10;
    if (!Number.isFinite(currentValue)) return null;
    return Math.max(1, Math.abs(currentValue) / 5);
}

export const numberAnswer = {
    words: 'Predict the number',

    /// The sent prediction as words, or null when it is not a number.
    describe(question, prediction) {
        if (!('number' in prediction)) return null;
        return `${formatNumber(prediction.number)}${question?.unit ? ` ${question.unit}` : ''}`;
    },

    /// The actual value in words: `130 creatures`.
    actualWords(question, resolved) {
        const value = wireNumber(resolved.actual);
        return `${Number.isFinite(value) ? Math.round(value * 100) / 100 : 'no value'}${question?.unit ? ` ${question.unit}` : ''}`;
    },

    /// A bar's edge in the class's spread, and where the outcome falls on the bars.
    spreadLabel(v) {
        return formatNumber(Math.round(v * 10) / 10);
    },
    spreadTarget(resolved) {
        return wireNumber(resolved.actual);
    },

    /// The controls, how to put a sent answer back, and how to read the answer to send.
    build(question) {
        const input = el('input', { type: 'number', id: 'answer-number', step: 'any', inputmode: 'decimal', required: true });
        return {
            controls: [el('label', { for: 'answer-number' }, `Your prediction${question.unit ? ` (${question.unit})` : ''}`),
                el('div', { class: 'number-row' }, input, question.unit ? el('span', { class: 'unit' }, question.unit) : null)],
            sendsAtOnce: false,
            restore(prediction) {
                if ('number' in prediction) input.value = String(prediction.number);
            },
            /// `{ fields }` to send, `{ problem, focus }` to say what to do, or null to wait.
            read() {
                const value = input.valueAsNumber;
                if (!Number.isFinite(value)) return { problem: 'Type a number first.', focus: input };
                return { fields: { number: value } };
            },
        };
    },

    /// The teacher's question builder: the kind in its list, and its part of the form (the tolerance, with the
    /// default the server will use for the metric, whose value is `current` now).
    builderLabel: 'Number: predict a value',
    builderPart() {
        const tolerance = el('input', { id: 'q-tolerance', type: 'number', step: 'any', min: '0' });
        const about = el('p', { class: 'field-help', id: 'q-tolerance-default' });
        return {
            node: el('fieldset', { class: 'kind-part' }, el('legend', {}, 'Scoring'),
                labelled('Tolerance (how far off scores 0)', tolerance, about)),
            sync({ metric, current }) {
                const value = defaultTolerance(metric, current);
                setText(about, value === null
                    ? 'Leave empty for the server\'s default: a fifth of the value when asked, at least 1.'
                    : `Leave empty for the server's default: ${formatNumber(Math.round(value * 100) / 100)}` +
                        (Array.isArray(metric?.range) ? ' (a tenth of the range).' : ' (a fifth of the value now, at least 1).'));
            },
            fill(message) {
                if (tolerance.value !== '') message.tolerance = Number(tolerance.value);
            },
        };
    },
};
