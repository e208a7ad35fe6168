// A choice question's part of the teacher's question builder: the options, from the grow / shrink / extinct / same
// preset or the teacher's own conditions ("extinct" only for a model that can die out).

import { el, replaceChildren } from './dom.js';
import { t, words, wordsAttr, language } from './words.js';
import { ConditionRow, kindPart } from './question-form.js';

/// grow / shrink / extinct / same, in the order that makes "extinct" win over "shrink" (PROTOCOL.md 5.1); the
/// labels (which the class reads) in the page's language.
export const PRESET = [
    { key: 'builder.preset.extinct', when: { op: 'over' } },
    { key: 'builder.preset.grow', when: { op: 'gt', ref: 'asked' } },
    { key: 'builder.preset.shrink', when: { op: 'lt', ref: 'asked' } },
    { key: 'builder.preset.same', when: { op: 'otherwise' } },
];

/// The kind in the builder's list and its part of the form (as ask-number.js describes).
export const asking = {
    label: 'builder.kind.choice',
    part() {
        let options = [];
        let canDieOut = true;
        // The preset as shown (for a model that can die out or not, in a language), until the teacher adds or
        // removes an option: another lesson's model, or another language, redraws it.
        let presetFor;
        let presetLanguage;
        const optionsNode = el('div', { class: 'options-list' });
        const preset = el('button', words('builder.preset', { type: 'button', id: 'q-preset' }), t('builder.preset'));
        const addOption = el('button', words('builder.addOption', { type: 'button', id: 'q-add-option' }),
            t('builder.addOption'));
        function addRow(option) {
            const label = el('input', wordsAttr('aria-label', 'builder.optionLabel',
                { type: 'text', maxlength: '60', class: 'option-label', value: option.label }));
            const row = new ConditionRow(option.when, { label });
            const remove = el('button', wordsAttr('aria-label', 'builder.removeOption', { type: 'button', class: 'small' }),
                '✕');
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
            for (const { key, when } of PRESET) if (canDieOut || when.op !== 'over') addRow({ label: t(key), when });
            presetFor = canDieOut;
            presetLanguage = language();
        }
        preset.addEventListener('click', () => usePreset());
        addOption.addEventListener('click', () => {
            presetFor = undefined;
            addRow({ label: '', when: { op: 'gt' } });
        });
        usePreset();
        return {
            node: kindPart('builder.options', el('div', { class: 'button-row' }, preset, addOption), optionsNode),
            sync(context) {
                canDieOut = context.canDieOut;
                if (presetFor !== undefined && (presetFor !== canDieOut || presetLanguage !== language())) usePreset();
            },
            fill(message) {
                message.options = options.map(({ label, row }) => ({ label: label.value.trim(),
                    when: row.read() ?? { op: 'otherwise' } }));
            },
            write(message) {
                if (!Array.isArray(message.options)) return usePreset();
                presetFor = undefined;
                options = [];
                replaceChildren(optionsNode);
                for (const option of message.options) addRow({ label: String(option?.label ?? ''), when: option?.when });
            },
        };
    },
};
