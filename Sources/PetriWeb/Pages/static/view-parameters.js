// Fields generated from a model's description (`describeModels`): a slider and a number field for each
// number, a check box for a flag, a list for a choice, a text field with suggestions for text. Used by the
// teacher's console for a new lesson, for changing a parameter between generations and for a clone, so a new
// model needs no change here. The fields do not clamp or refuse anything themselves: the server checks every
// value and its sentence is shown, so the page can never disagree with what the server accepts.

import { el, formatNumber } from './dom.js';
import { t } from './words.js';

let serial = 0;

/// "1 to 100,000 creatures", "0 to 1", "bounded or toroidal".
export function describeAllowed(parameter) {
    if (Array.isArray(parameter.range)) {
        const range = { low: formatNumber(parameter.range[0]), high: formatNumber(parameter.range[1]), unit: parameter.unit ?? '' };
        return parameter.unit ? t('parameters.range.unit', range) : t('parameters.range', range);
    }
    if (parameter.kind === 'choice' && Array.isArray(parameter.choices)) return parameter.choices.join(t('parameters.or'));
    if (parameter.kind === 'flag') return t('parameters.flag');
    return t('parameters.text');
}

/// A step for a slider over `range`: 1 for whole numbers, else a hundredth of the range.
function stepFor(parameter) {
    if (parameter.kind === 'integer') return '1';
    const [low, high] = parameter.range ?? [0, 1];
    return String((high - low) / 100 || 0.01);
}

/// What a person reads for a parameter: its label from the model's description (its key only from a server
/// that sends none).
export function parameterLabel(parameter) {
    return parameter.label || parameter.name;
}

/// One parameter's field. Returns `{ node, read, write, parameter }`: `read()` is the value to send (a number,
/// text or boolean), or `undefined` when the field is empty (the server then uses the default).
export function parameterField(parameter, value = parameter.defaultValue) {
    serial += 1;
    const id = `parameter-${parameter.name}-${serial}`;
    const help = `${id}-help`;
    const label = el('label', { for: id }, parameterLabel(parameter));
    const about = el('p', { class: 'field-help', id: help },
        t('parameters.allowed', { description: parameter.description, allowed: describeAllowed(parameter) }),
        parameter.defaultValue !== undefined ? t('parameters.default', { value: String(parameter.defaultValue) }) : '');
    let input;
    let slider = null;
    switch (parameter.kind) {
        case 'flag':
            input = el('input', { id, type: 'checkbox', 'aria-describedby': help, 'data-parameter': parameter.name });
            break;
        case 'choice':
            input = el('select', { id, 'aria-describedby': help, 'data-parameter': parameter.name },
                (parameter.choices ?? []).map((choice) => el('option', { value: choice }, choice)));
            break;
        case 'integer':
        case 'number': {
            const [low, high] = parameter.range ?? [];
            input = el('input', {
                id, type: 'number', inputmode: parameter.kind === 'integer' ? 'numeric' : 'decimal',
                step: 'any', 'aria-describedby': help, 'data-parameter': parameter.name,
                ...(low !== undefined ? { min: low, max: high } : {}),
            });
            if (low !== undefined && high - low <= 1e6) {
                slider = el('input', {
                    type: 'range', min: low, max: high, step: stepFor(parameter), 'aria-label': t('parameters.slider', { label: parameterLabel(parameter) }),
                    tabindex: '-1',
                });
                slider.addEventListener('input', () => { input.value = slider.value; });
                input.addEventListener('input', () => { if (input.value !== '') slider.value = input.value; });
            }
            break;
        }
        default: {
            const listId = `${id}-suggestions`;
            input = el('input', { id, type: 'text', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': help,
                'data-parameter': parameter.name, ...(parameter.choices ? { list: listId } : {}) });
            if (parameter.choices) {
                const list = el('datalist', { id: listId }, parameter.choices.map((c) => el('option', { value: c })));
                label.append(list);
            }
        }
    }
    const field = {
        parameter,
        node: el('div', { class: 'field' }, label, slider ? el('div', { class: 'slider-row' }, slider, input) : input,
            about),
        input,
        read() {
            if (parameter.kind === 'flag') return input.checked;
            if (parameter.kind === 'choice') return input.value;
            if (parameter.kind === 'integer' || parameter.kind === 'number') {
                if (input.value.trim() === '') return input.validity?.badInput ? NaN : undefined;
                return Number(input.value);
            }
            return input.value === '' ? undefined : input.value;
        },
        write(next) {
            if (parameter.kind === 'flag') input.checked = next === true;
            else input.value = next === undefined || next === null ? '' : String(next);
            if (slider && input.value !== '') slider.value = input.value;
        },
    };
    field.write(value);
    return field;
}

/// The values of `fields` as a parameters object, leaving out empty ones. A number field holding something
/// that is not a number gives a sentence instead, since JSON cannot carry it to the server.
export function readFields(fields) {
    const values = {};
    for (const field of fields) {
        const value = field.read();
        if (value === undefined) continue;
        if (typeof value === 'number' && !Number.isFinite(value)) {
            return { problem: t('parameters.notNumber', { label: parameterLabel(field.parameter), allowed: describeAllowed(field.parameter) }) };
        }
        values[field.parameter.name] = value;
    }
    return { values };
}
