// A choice question's answer on the student page: one button per option, sent when pressed.

import { el } from './dom.js';
import { t } from './words.js';

export const choiceAnswer = {
    get words() {
        return t('answer.choice.words');
    },

    /// The sent prediction as words, or null when it is not a choice.
    describe(question, prediction) {
        if (!('choice' in prediction)) return null;
        return t('answer.choice.quoted', {
            label: question?.options?.[prediction.choice]?.label ?? t('answer.choice.option', { number: prediction.choice + 1 }),
        });
    },

    /// The option that came true in words: `"grow"`, or `no option`.
    actualWords(question, resolved) {
        const option = question.options?.[resolved.correctOption];
        return option ? t('answer.choice.quoted', { label: option.label }) : t('answer.choice.none');
    },

    /// The option buttons (a press sends through `choose`), how to put a sent answer back, and how
    /// to read the answer to send.
    build(question, { choose }) {
        let choice = null;
        const group = el('div', { class: 'choices', role: 'group', 'aria-label': t('answer.choice.options') });
        const buttons = (question.options ?? []).map((option, index) => {
            const label = option.label ?? t('answer.choice.optionCapital', { number: index + 1 });
            const button = el('button', { type: 'button', class: 'choice', 'aria-pressed': 'false' }, label);
            button.addEventListener('click', () => {
                choice = index;
                buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === index)));
                choose();
            });
            return button;
        });
        group.append(...buttons);
        return {
            controls: [group],
            sendsAtOnce: true,
            restore(prediction) {
                if (!('choice' in prediction)) return;
                choice = prediction.choice;
                buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === prediction.choice)));
            },
            read() {
                return choice === null ? null : { fields: { choice } };
            },
        };
    },
};
