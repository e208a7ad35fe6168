// A number question's answer on the student page: a number field with the metric's unit.

import { el, formatNumber, wireNumber } from './dom.js';

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
};
