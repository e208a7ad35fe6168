// A range question's answer on the student page: two handles on one axis (lower and upper bound), each a
// slider that works by a finger's or a pointer's drag and by keyboard, plus two number fields to type the bounds; and
// the class's spread as stacked intervals against the outcome.

import { el, formatNumber, wireNumber, fitCanvas, themeColour } from './dom.js';
import { t, words, formatPlain } from './words.js';

/// A step of 1, 2 or 5 times a power of ten, about a tenth of `scale`.
function niceStep(scale) {
    if (!(scale > 0)) return 1;
    const raw = scale / 10;
    const power = 10 ** Math.floor(Math.log10(raw));
    const unit = raw / power;
    return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : 5) * power;
}

function rounded(value, step) {
    const digits = Math.max(0, -Math.floor(Math.log10(step)));
    return Number((Math.round(value / step) * step).toFixed(digits));
}

/// The two-handled axis: `lower` and `upper` stay within [min, max] and in order; `onChange` after each move.
class RangeAxis {
    constructor({ min, max, step, lower, upper, onChange }) {
        Object.assign(this, { min, max, step, onChange });
        this.values = [lower, upper];
        this.track = el('div', { class: 'range-track' });
        this.fill = el('div', { class: 'range-fill' });
        this.handles = [t('answer.range.lower'), t('answer.range.upper')].map((label, i) => el('div', {
            class: `range-handle ${i === 0 ? 'lower' : 'upper'}`, role: 'slider', tabindex: '0',
            id: i === 0 ? 'answer-range-lower-handle' : 'answer-range-upper-handle', 'aria-label': label,
            'aria-orientation': 'horizontal',
        }));
        this.node = el('div', { class: 'range-axis' }, this.track, this.fill, ...this.handles);
        this.handles.forEach((handle, i) => this.listen(handle, i));
        this.draw();
    }

    listen(handle, i) {
        handle.addEventListener('pointerdown', (event) => {
            event.preventDefault();
            handle.setPointerCapture?.(event.pointerId);
            handle.focus();
            this.dragging = i;
        });
        handle.addEventListener('pointermove', (event) => {
            if (this.dragging !== i) return;
            const box = this.node.getBoundingClientRect();
            const t = Math.min(1, Math.max(0, (event.clientX - box.left) / Math.max(1, box.width)));
            this.set(i, this.min + t * (this.max - this.min));
        });
        const stop = () => { this.dragging = null; };
        handle.addEventListener('pointerup', stop);
        handle.addEventListener('pointercancel', stop);
        handle.addEventListener('keydown', (event) => {
            const big = this.step * 10;
            const moves = { ArrowLeft: -this.step, ArrowDown: -this.step, ArrowRight: this.step, ArrowUp: this.step,
                PageDown: -big, PageUp: big };
            if (event.key in moves) this.set(i, this.values[i] + moves[event.key]);
            else if (event.key === 'Home') this.set(i, i === 0 ? this.min : this.values[0]);
            else if (event.key === 'End') this.set(i, i === 0 ? this.values[1] : this.max);
            else return;
            event.preventDefault();
        });
    }

    /// Moves handle `i` to `value` (rounded to the step, kept in order and on the axis).
    set(i, value) {
        let v = rounded(Math.min(this.max, Math.max(this.min, value)), this.step);
        v = i === 0 ? Math.min(v, this.values[1]) : Math.max(v, this.values[0]);
        if (v === this.values[i]) return;
        this.values[i] = v;
        this.draw();
        this.onChange(this.values);
    }

    /// Takes typed bounds, widening the axis to hold them.
    place(lower, upper) {
        this.min = Math.min(this.min, lower);
        this.max = Math.max(this.max, upper);
        this.values = [lower, upper];
        this.draw();
    }

    draw() {
        const span = Math.max(1e-9, this.max - this.min);
        const at = this.values.map((v) => ((v - this.min) / span) * 100);
        this.handles.forEach((handle, i) => {
            handle.style.left = `${at[i]}%`;
            handle.setAttribute('aria-valuemin', String(i === 0 ? this.min : this.values[0]));
            handle.setAttribute('aria-valuemax', String(i === 0 ? this.values[1] : this.max));
            handle.setAttribute('aria-valuenow', String(this.values[i]));
            handle.setAttribute('aria-valuetext', formatNumber(this.values[i]));
        });
        this.fill.style.left = `${at[0]}%`;
        this.fill.style.width = `${at[1] - at[0]}%`;
    }
}

export const rangeAnswer = {
    get words() {
        return t('answer.range.words');
    },

    /// The sent prediction as words, or null when it is not a range.
    describe(question, prediction) {
        if (!Array.isArray(prediction?.range)) return null;
        const range = { lower: formatNumber(prediction.range[0]), upper: formatNumber(prediction.range[1]) };
        return question?.unit ? t('answer.range.describe.unit', { ...range, unit: question.unit })
            : t('answer.range.describe', range);
    },

    actualWords(question, resolved) {
        const value = wireNumber(resolved.actual);
        const number = Number.isFinite(value) ? formatPlain(Math.round(value * 100) / 100) : t('words.noValue');
        return question?.unit ? t('answer.number.withUnit', { number, unit: question.unit }) : number;
    },

    spreadLabel(v) {
        return formatNumber(Math.round(v * 10) / 10);
    },
    spreadTarget(resolved) {
        return wireNumber(resolved.actual);
    },

    /// Stacked intervals, one a row, on one axis with the outcome drawn across them; returns the words.
    drawSpread(canvas, question, spread, resolved) {
        const intervals = spread.intervals ?? [];
        const actual = resolved ? wireNumber(resolved.actual) : null;
        const [width, height, context] = fitCanvas(canvas);
        context.clearRect(0, 0, width, height);
        const ends = intervals.flatMap((r) => [wireNumber(r.lower), wireNumber(r.upper)]).filter(Number.isFinite);
        if (Number.isFinite(actual)) ends.push(actual);
        const low = Math.min(...ends);
        const high = Math.max(...ends);
        const x = (v) => 8 + (high > low ? (v - low) / (high - low) : 0.5) * (width - 16);
        const top = 22;
        const bottom = height - 22;
        const row = intervals.length ? Math.min(14, (bottom - top) / intervals.length) : 0;
        const muted = themeColour('--muted', '#666');
        context.font = '12px system-ui, sans-serif';
        context.fillStyle = muted;
        context.fillText(t('answer.range.spreadTitle', { count: spread.answers ?? 0, held: spread.held ?? 0 }), 4, 14);
        intervals.forEach((r, i) => {
            const held = Number.isFinite(actual) && r.lower <= actual && actual <= r.upper;
            context.strokeStyle = held ? themeColour('--good', '#1b7f3b') : themeColour('--accent', '#2a6f97');
            context.lineWidth = Math.max(2, row * 0.6);
            const y = top + row * (i + 0.5);
            context.beginPath();
            context.moveTo(x(r.lower), y);
            context.lineTo(Math.max(x(r.upper), x(r.lower) + 2), y);
            context.stroke();
        });
        if (Number.isFinite(low)) {
            context.fillStyle = muted;
            context.textAlign = 'left';
            context.fillText(formatNumber(low), 4, height - 6);
            context.textAlign = 'right';
            context.fillText(formatNumber(high), width - 4, height - 6);
            context.textAlign = 'left';
        }
        if (Number.isFinite(actual)) {
            context.strokeStyle = themeColour('--ink', '#111');
            context.lineWidth = 2;
            context.setLineDash([6, 4]);
            context.beginPath();
            context.moveTo(x(actual), top - 4);
            context.lineTo(x(actual), bottom);
            context.stroke();
            context.setLineDash([]);
        }
        const counts = { count: spread.answers ?? 0, held: spread.held ?? 0 };
        const text = Number.isFinite(actual)
            ? t('answer.range.spreadWords.actual', { ...counts, actual: this.actualWords(question, resolved) })
            : t('answer.range.spreadWords', counts);
        canvas.setAttribute('aria-label', text);
        return text;
    },

    /// The two-handled axis and two number fields, how to put a sent answer back, and how to read it.
    build(question) {
        const asked = wireNumber(question.askedValue);
        const centre = Number.isFinite(asked) ? asked : 0;
        const scale = question.tolerance > 0 ? question.tolerance : Math.max(1, Math.abs(centre) / 5);
        const step = niceStep(scale);
        const min = centre >= 0 ? Math.max(0, rounded(centre - 5 * scale, step)) : rounded(centre - 5 * scale, step);
        const max = rounded(centre + 5 * scale, step);
        const lowerInput = el('input', { type: 'number', id: 'answer-range-lower', step: 'any', inputmode: 'decimal' });
        const upperInput = el('input', { type: 'number', id: 'answer-range-upper', step: 'any', inputmode: 'decimal' });
        const axis = new RangeAxis({
            min, max, step, lower: rounded(Math.max(min, centre - scale), step), upper: rounded(centre + scale, step),
            onChange: ([lower, upper]) => {
                lowerInput.value = String(lower);
                upperInput.value = String(upper);
            },
        });
        [lowerInput.value, upperInput.value] = axis.values.map(String);
        const typed = () => {
            const lower = lowerInput.valueAsNumber;
            const upper = upperInput.valueAsNumber;
            if (Number.isFinite(lower) && Number.isFinite(upper) && lower <= upper) axis.place(lower, upper);
        };
        lowerInput.addEventListener('input', typed);
        upperInput.addEventListener('input', typed);
        const sure = question.confidence ?? 80;
        return {
            controls: [el('p', { class: 'field-help', id: 'answer-range-about' }, t('answer.range.sure', { sure })),
                el('p', words('answer.range.axis', { class: 'field-help' }), t('answer.range.axis')), axis.node,
                el('div', { class: 'range-fields' },
                    el('label', words('answer.range.lower', { for: 'answer-range-lower' }), t('answer.range.lower')),
                    lowerInput,
                    el('label', words('answer.range.upper', { for: 'answer-range-upper' }), t('answer.range.upper')),
                    upperInput,
                    question.unit ? el('span', { class: 'unit' }, question.unit) : null)],
            sendsAtOnce: false,
            restore(prediction) {
                if (!Array.isArray(prediction.range)) return;
                [lowerInput.value, upperInput.value] = prediction.range.map(String);
                typed();
            },
            read() {
                const lower = lowerInput.valueAsNumber;
                const upper = upperInput.valueAsNumber;
                if (!Number.isFinite(lower)) return { problem: t('answer.range.typeBoth'), focus: lowerInput };
                if (!Number.isFinite(upper)) return { problem: t('answer.range.typeBoth'), focus: upperInput };
                if (lower > upper) return { problem: t('answer.range.reversed'), focus: lowerInput };
                return { fields: { range: [lower, upper] } };
            },
        };
    },
};
