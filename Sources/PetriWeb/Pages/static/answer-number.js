// A number question's answer on the student page: a number field with the metric's unit.

import { el, formatNumber, wireNumber } from './dom.js';
import { t, formatPlain } from './words.js';

export const numberAnswer = {
    get words() {
        return t('answer.number.words');
    },

    /// The sent prediction as words, or null when it is not a number.
    describe(question, prediction) {
        if (!('number' in prediction)) return null;
        return question?.unit ? t('answer.number.withUnit', { number: prediction.number, unit: question.unit })
            : formatNumber(prediction.number);
    },

    /// The actual value in words: `130 creatures`.
    actualWords(question, resolved) {
        const value = wireNumber(resolved.actual);
        const number = Number.isFinite(value) ? formatPlain(Math.round(value * 100) / 100) : t('words.noValue');
        return question?.unit ? t('answer.number.withUnit', { number, unit: question.unit }) : number;
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
            controls: [el('label', { for: 'answer-number' },
                question.unit ? t('answer.number.labelWithUnit', { unit: question.unit }) : t('answer.number.label')),
                el('div', { class: 'number-row' }, input, question.unit ? el('span', { class: 'unit' }, question.unit) : null)],
            sendsAtOnce: false,
            restore(prediction) {
                if ('number' in prediction) input.value = String(prediction.number);
            },
            /// `{ fields }` to send, `{ problem, focus }` to say what to do, or null to wait.
            read() {
                const value = input.valueAsNumber;
                if (!Number.isFinite(value)) return { problem: t('answer.number.problem'), focus: input };
                return { fields: { number: value } };
            },
        };
    },
};
