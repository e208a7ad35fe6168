// A choice question's answer on the student page: one button per option, sent when pressed.

import { el, replaceChildren } from './dom.js';
import { ConditionRow } from './question-form.js';

/// grow / shrink / extinct / same, in the order that makes "extinct" win over "shrink" (PROTOCOL.md 5.1).
export const PRESET = [
    { label: 'extinct', when: { op: 'over' } },
    { label: 'grow', when: { op: 'gt', ref: 'asked' } },
    { label: 'shrink', when: { op: 'lt', ref: 'asked' } },
    { label: 'same', when: { op: 'otherwise' } },
];

export const choiceAnswer = {
    words: 'Pick one',

    /// The sent prediction as words, or null when it is not a choice.
    describe(question, prediction) {
        if (!('choice' in prediction)) return null;
        return `"${question?.options?.[prediction.choice]?.label ?? `option ${prediction.choice + 1}`}"`;
    },

    /// The option that came true in words: `"grow"`, or `no option`.
    actualWords(question, resolved) {
        const option = question.options?.[resolved.correctOption];
        return option ? `"${option.label}"` : 'no option';
    },

    /// The option buttons (a press sends through `choose`), how to put a sent answer back, and how
    /// to read the answer to send.
    build(question, { choose }) {
        let choice = null;
        const group = el('div', { class: 'choices', role: 'group', 'aria-label': 'Options' });
        const buttons = (question.options ?? []).map((option, index) => {
            const label = option.label ?? `Option ${index + 1}`;
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

    /// The teacher's question builder: the kind in its list, and its part of the form (the options, from the
    /// grow / shrink / extinct / same preset or the teacher's own conditions; "extinct" only for a model that can
    /// die out).
    builderLabel: 'Choice: pick what will happen',
    builderPart() {
        let options = [];
        let canDieOut = true;
        // The preset as shown, until the teacher adds or removes an option: a new lesson's model redraws it.
        let presetFor;
        const optionsNode = el('div', { class: 'options-list' });
        const preset = el('button', { type: 'button', id: 'q-preset' }, 'Use grow / shrink / extinct / same');
        const addOption = el('button', { type: 'button', id: 'q-add-option' }, 'Add an option');
        function addRow(option) {
            const label = el('input', { type: 'text', maxlength: '60', 'aria-label': 'Option label', class: 'option-label',
                value: option.label });
            const row = new ConditionRow(option.when, { label });
            const remove = el('button', { type: 'button', class: 'small', 'aria-label': 'Remove this option' }, '✕');
            row.node.append(remove);
            const entry = { label, row };
            remove.addEventListener('click', () => {
                presetFor = undefined;
                options = options.filter((o) => o !== entry);
                row.node.remove();
            });
            options.push(entry);
            optionsNode.append(row.node);
        }
        function usePreset() {
            options = [];
            replaceChildren(optionsNode);
            for (const option of PRESET) if (canDieOut || option.when.op !== 'over') addRow(option);
            presetFor = canDieOut;
        }
        preset.addEventListener('click', () => usePreset());
        addOption.addEventListener('click', () => {
            presetFor = undefined;
            addRow({ label: '', when: { op: 'gt' } });
        });
        usePreset();
        return {
            node: el('fieldset', { class: 'kind-part' }, el('legend', {}, 'Options (the first that holds is right)'),
                el('div', { class: 'button-row' }, preset, addOption), optionsNode),
            sync(context) {
                canDieOut = context.canDieOut;
                if (presetFor !== undefined && presetFor !== canDieOut) usePreset();
            },
            fill(message) {
                message.options = options.map(({ label, row }) => ({ label: label.value.trim(), when: row.read() ?? { op: 'otherwise' } }));
            },
        };
    },
};
