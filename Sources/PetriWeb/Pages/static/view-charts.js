// The histogram and the population-over-time chart on <canvas>, drawn from the state's columnar
// history (arrays indexed by generation), with a slider to browse any past generation's histogram.
// Redraws are batched onto requestAnimationFrame.

import { el, setText, replaceChildren, fitCanvas, themeColour, formatNumber } from './dom.js';
import { mainMetric } from './lesson-state.js';
import { traitBins, traitColour } from './view-picture.js';
import { t, words, formatPlain } from './words.js';

/// The size of a chart's text in CSS px: the page's `--chart-text` (the projector's is larger, for the back of a
/// room), else 12.
export function chartTextSize(canvas) {
    const size = parseFloat(getComputedStyle(canvas).getPropertyValue('--chart-text'));
    return Number.isFinite(size) && size > 0 ? size : 12;
}

/// Draws bars with value labels and category labels under them. `bars`: [{label, value, fill}].
export function drawBars(canvas, bars, { marker = null, title = '', highlight = -1 } = {}) {
    const [width, height, context] = fitCanvas(canvas);
    const ink = themeColour('--ink', '#111');
    const muted = themeColour('--muted', '#666');
    context.clearRect(0, 0, width, height);
    const size = chartTextSize(canvas);
    const top = title ? size + 10 : 8;
    const bottom = height - size - 10;
    const max = Math.max(1, ...bars.map((b) => b.value));
    const slot = width / Math.max(1, bars.length);
    context.font = `${size}px system-ui, sans-serif`;
    context.textAlign = 'center';
    if (title) {
        context.fillStyle = muted;
        context.textAlign = 'left';
        context.fillText(title, 4, size + 2);
        context.textAlign = 'center';
    }
    bars.forEach((bar, i) => {
        const barHeight = (bottom - top - size - 2) * bar.value / max;
        const x = i * slot + slot * 0.12;
        context.fillStyle = bar.fill ?? themeColour('--accent', '#2a6f97');
        context.fillRect(x, bottom - barHeight, slot * 0.76, barHeight);
        context.strokeStyle = i === highlight ? themeColour('--good', '#1b7f3b') : muted;
        context.lineWidth = i === highlight ? 3 : 1;
        context.strokeRect(x, bottom - barHeight, slot * 0.76, barHeight);
        context.fillStyle = ink;
        context.fillText(formatNumber(bar.value), i * slot + slot / 2, bottom - barHeight - 4);
        context.fillStyle = muted;
        context.fillText(bar.label, i * slot + slot / 2, height - 6, slot);
    });
    if (marker) {
        // marker: {position 0...1 across the bars' axis, label}
        const x = Math.max(1, Math.min(width - 1, marker.position * width));
        context.strokeStyle = themeColour('--good', '#1b7f3b');
        context.lineWidth = 3;
        context.setLineDash([6, 4]);
        context.beginPath();
        context.moveTo(x, top);
        context.lineTo(x, bottom);
        context.stroke();
        context.setLineDash([]);
        context.fillStyle = ink;
        context.textAlign = x > width / 2 ? 'right' : 'left';
        context.font = `bold ${size + 1}px system-ui, sans-serif`;
        context.fillText(marker.label, x + (x > width / 2 ? -6 : 6), top + size);
    }
}

/// Draws one series over generations with axis labels.
/// `band` ({ start, low, high }: replicates' 10th and 90th percentiles from generation `start`) is shaded
/// behind the line, and the x axis stretches to its end.
export function drawLine(canvas, values, { label = '', unit = '', band = null } = {}) {
    const [width, height, context] = fitCanvas(canvas);
    const ink = themeColour('--ink', '#111');
    const muted = themeColour('--muted', '#666');
    context.clearRect(0, 0, width, height);
    const size = chartTextSize(canvas);
    const left = size * 4;
    const right = width - 10;
    const top = size + 10;
    const bottom = height - size - 10;
    let min = Infinity;
    let max = -Infinity;
    let count = 0;
    for (let g = 0; g < values.length; g++) {
        const v = values[g];
        if (Number.isFinite(v)) {
            if (v < min) min = v;
            if (v > max) max = v;
            count++;
        }
    }
    const bandLength = band ? Math.min(band.low.length, band.high.length) : 0;
    for (let i = 0; i < bandLength; i++) {
        for (const v of [band.low[i], band.high[i]]) {
            if (Number.isFinite(v)) {
                if (v < min) min = v;
                if (v > max) max = v;
            }
        }
    }
    const domain = Math.max(values.length, band ? band.start + bandLength : 0);
    context.font = `${size}px system-ui, sans-serif`;
    context.fillStyle = muted;
    context.textAlign = 'left';
    context.fillText(unit ? t('charts.line.unit', { label, unit }) : t('charts.line', { label }), 4, size + 2);
    if (count === 0) return;
    if (min === max) {
        min -= 1;
        max += 1;
    }
    min = Math.min(0, min);
    const n = Math.max(1, domain - 1);
    const xOf = (g) => left + (right - left) * g / n;
    const yOf = (v) => bottom - (bottom - top) * (v - min) / (max - min);
    context.strokeStyle = muted;
    context.lineWidth = 1;
    context.beginPath();
    context.moveTo(left, top);
    context.lineTo(left, bottom);
    context.lineTo(right, bottom);
    context.stroke();
    context.textAlign = 'right';
    context.fillText(formatNumber(Math.round(max)), left - 4, top + size / 3);
    context.fillText(formatNumber(Math.round(min)), left - 4, bottom);
    context.textAlign = 'center';
    context.fillText('0', left, height - 6);
    context.fillText(String(domain - 1), right - 10, height - 6);
    if (bandLength > 1) {
        // The band: 8 in 10 of the runs that could have happened, behind the real run's line.
        context.fillStyle = themeColour('--band', 'rgba(42, 111, 151, 0.18)');
        context.beginPath();
        for (let i = 0; i < bandLength; i++) context.lineTo(xOf(band.start + i), yOf(band.high[i]));
        for (let i = bandLength - 1; i >= 0; i--) context.lineTo(xOf(band.start + i), yOf(band.low[i]));
        context.closePath();
        context.fill();
        context.fillStyle = muted;
    }
    context.strokeStyle = themeColour('--accent', '#2a6f97');
    context.lineWidth = 2;
    context.beginPath();
    let started = false;
    for (let g = 0; g < values.length; g++) {
        const v = values[g];
        if (!Number.isFinite(v)) {
            started = false;
            continue;
        }
        if (started) context.lineTo(xOf(g), yOf(v));
        else context.moveTo(xOf(g), yOf(v));
        started = true;
    }
    context.stroke();
    context.fillStyle = ink;
    context.textAlign = 'right';
    const last = values[values.length - 1];
    if (Number.isFinite(last)) context.fillText(formatNumber(Math.round(last * 10) / 10), right, top + size / 3);
}

/// The label of bin k of a trait histogram: a creature field's bins show their range of values (1-10 ... 91-100),
/// a trait histogram's its lowest value in the trait's unit (0, 10 ...; 6 mm, 6.5 mm ...).
function binLabel(picture, bins, k) {
    const { low, high } = bins.range(k);
    return picture === 'traitField' && high > low ? t('charts.bin.range', { low: bins.shown(low, false), high: bins.shown(high) })
        : bins.shown(low);
}

/// The bars of one generation: the trait's bins (their lowest value and unit from the newest snapshot, coloured by
/// the trait when the presentation says so), or the tiles per group of a map.
export function histogramBars(state, g) {
    const histogram = state.histograms[g];
    const presentation = state.presentation;
    if (Array.isArray(histogram)) {
        const bins = traitBins(state.snapshot?.snapshot, histogram.length);
        const coloured = presentation?.chart?.colouredBars === true && presentation.traitColours && bins;
        return histogram.map((count, k) => ({
            label: bins ? binLabel(presentation?.picture, bins, k) : formatPlain(k + 1),
            value: count,
            fill: coloured ? traitColour(presentation.traitColours, bins, bins.middle(k)) : undefined,
        }));
    }
    const groups = state.groups[g];
    if (groups) {
        return Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 12)
            .map(([id, count]) => ({ label: id, value: count }));
    }
    return null;
}

export class ChartsView {
    constructor(root) {
        this.root = root;
        this.lineCanvas = el('canvas', { class: 'chart', role: 'img', 'aria-label': t('charts.line.label') });
        this.histogramCanvas = el('canvas', { class: 'chart', role: 'img', 'aria-label': t('charts.histogram') });
        this.histogramTitle = el('h2', { class: 'chart-title' }, t('charts.histogram'));
        this.slider = el('input', { type: 'range', min: '0', max: '0', value: '0', id: 'histogram-generation' });
        this.sliderLabel = el('label', words('charts.slider', { for: 'histogram-generation' }), t('charts.slider'));
        this.sliderValue = el('output', { for: 'histogram-generation' });
        this.follow = true;
        this.histogramBox = el('div', { class: 'histogram' }, this.histogramTitle, this.histogramCanvas,
            el('div', { class: 'slider-row' }, this.sliderLabel, this.sliderValue, this.slider));
        replaceChildren(root, el('div', { class: 'line' }, this.lineCanvas), this.histogramBox);
        this.slider.addEventListener('input', () => {
            this.follow = Number(this.slider.value) >= Number(this.slider.max);
            this.drawHistogram();
        });
        this.frameRequested = false;
        this.state = null;
        this.drawnVersion = -1;
        addEventListener('resize', () => { this.drawnVersion = -1; this.render(this.state); });
    }

    /// After a change of language: draws the charts and their words again.
    relabel() {
        this.drawnVersion = -1;
        this.render(this.state);
    }

    render(state) {
        this.state = state;
        if (!state || this.frameRequested) return;
        this.frameRequested = true;
        requestAnimationFrame(() => {
            this.frameRequested = false;
            if (this.state.lastGeneration < 0 || this.drawnVersion === this.state.version) return;
            this.drawnVersion = this.state.version;
            this.draw();
        });
    }

    draw() {
        const state = this.state;
        // Replicates of a charted metric take the chart, their band behind the real run's line.
        const replicates = state.replicates && state.series[state.replicates.metric] ? state.replicates : null;
        const metric = replicates?.metric ?? mainMetric(state);
        const info = state.metrics.find((m) => m.name === metric);
        const label = String(info?.label || info?.description || metric || '').replace(/\.$/, '');
        const band = replicates ? { start: replicates.generation, low: replicates.low, high: replicates.high } : null;
        drawLine(this.lineCanvas, state.series[metric] ?? [], { label, unit: info?.unit ?? '', band });
        const last = state.lastGeneration;
        const now = formatNumber(state.series[metric]?.[last]);
        this.lineCanvas.setAttribute('aria-label', t('charts.line.words', { label, count: last + 1, now }));
        this.slider.max = String(Math.max(0, last));
        if (this.follow) this.slider.value = String(Math.max(0, last));
        this.drawHistogram();
    }

    drawHistogram() {
        const state = this.state;
        const g = Number(this.slider.value);
        setText(this.sliderValue, this.follow ? t('charts.slider.live', { generation: g }) : formatPlain(g));
        const bars = histogramBars(state, g);
        this.histogramBox.hidden = bars === null && histogramBars(state, state.lastGeneration) === null;
        if (!bars) return;
        const named = state.presentation?.chart?.histogramTitle || t('charts.histogram');
        const title = t('charts.histogram.title', { named, generation: g });
        setText(this.histogramTitle, title);
        drawBars(this.histogramCanvas, bars);
        const listed = bars.map((b) => t('results.bar', { label: b.label, value: b.value })).join(t('lesson.readings.separator'));
        this.histogramCanvas.setAttribute('aria-label', t('charts.histogram.words', { title, bars: listed }));
    }
}
