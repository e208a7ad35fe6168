// The model's live picture on a <canvas>, drawn by the kind of picture the model's presentation names (never by
// the model's name): a field of creatures coloured by their trait on the environment's background, a histogram of
// the trait with the favoured value marked, a tile map with one hue per group, or a board of cells. Every word
// that depends on the model (its nouns, what the suited ones and the marker are called) comes from the
// presentation. Drawing happens on requestAnimationFrame from the newest snapshot only, so an auto-run at 30
// generations/s never queues work: snapshots that arrive between two frames are simply never decoded.

import { el, setText, replaceChildren, themeColour } from './dom.js';
import { t, formatPlain } from './words.js';

const SHADE_LIGHTNESS = [50, 35, 65, 25, 75];

/// A trait snapshot's bins (its `traitMin`, `binWidth`, `scale`, `unit` and the number of trait values), for
/// `count` histogram bars; null for a snapshot that is no trait snapshot.
export function traitBins(s, count) {
    if (!s || typeof s.traitMin !== 'number' || !Array.isArray(s.traitCounts) || s.traitCounts.length === 0) return null;
    const traitMin = s.traitMin;
    const values = s.traitCounts.length;
    const width = Math.max(1, Number(s.binWidth) || 1);
    const scale = Number.isFinite(Number(s.scale)) ? Number(s.scale) : 1;
    const unit = typeof s.unit === 'string' && s.unit ? ` ${s.unit}` : '';
    return {
        traitMin, values, width,
        /// The trait values of bin k (the last bin also takes the values left over).
        range(k) {
            const low = traitMin + k * width;
            return { low, high: k === count - 1 ? traitMin + values - 1 : low + width - 1 };
        },
        /// The value a bin is coloured by: the middle of its values (rounded down).
        middle(k) { return traitMin + k * width + Math.floor((width - 1) / 2); },
        /// A trait value as people read it: scaled, in the trait's unit (`withUnit` false: the number alone).
        shown(v, withUnit = true) { return `${formatPlain(Math.round(v * scale * 10) / 10)}${withUnit ? unit : ''}`; },
    };
}

function channels(hex) {
    const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(hex));
    return match ? match.slice(1).map((h) => parseInt(h, 16)) : [128, 128, 128];
}

/// The colour of trait value t on the presentation's ramp: `low` at the lowest value, `high` at the highest,
/// linearly between.
export function traitColour(colours, bins, t) {
    const low = channels(colours?.low);
    const high = channels(colours?.high);
    const span = Math.max(1, bins.values - 1);
    const f = (Math.min(bins.traitMin + span, Math.max(bins.traitMin, t)) - bins.traitMin) / span;
    const [r, g, b] = low.map((c, i) => Math.round(c + (high[i] - c) * f));
    return `rgb(${r},${g},${b})`;
}

/// How light a ramp colour is, 0...1 (to write on it in black or white).
function lightness(colours, bins, t) {
    const [r, g, b] = traitColour(colours, bins, t).slice(4, -1).split(',').map(Number);
    return (r + g + b) / 3 / 255;
}

/// The name of trait value t: the presentation's names split the trait's range into equal parts, low to high.
export function traitName(colours, bins, t) {
    const names = Array.isArray(colours?.names) && colours.names.length > 0 ? colours.names : [''];
    const index = Math.floor((t - bins.traitMin) * names.length / bins.values);
    return names[Math.min(names.length - 1, Math.max(0, index))];
}

/// The trait values counted as suited: the nearest to `target` on both sides whose creatures add up to the
/// snapshot's `suited` (a field's suited creatures are those within some distance of the favoured value); none
/// when no distance adds up to it.
export function suitedValues(s, bins) {
    const counts = s.traitCounts;
    const target = Number(s.target);
    const suited = Number(s.suited);
    if (!Number.isFinite(target) || !(suited > 0)) return new Set();
    let sum = 0;
    for (let d = 0; d < bins.values; d++) {
        for (const t of d === 0 ? [target] : [target - d, target + d]) sum += Math.max(0, counts[t - bins.traitMin] ?? 0);
        if (sum === suited) {
            const values = new Set();
            for (let t = target - d; t <= target + d; t++) values.add(t);
            return values;
        }
        if (sum > suited) break;
    }
    return new Set();
}

export function groupColour(group) {
    return `hsl(${group.hue} 70% ${SHADE_LIGHTNESS[(group.shade ?? 0) % 5]}%)`;
}

function capitalised(words) {
    const text = String(words ?? '');
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/// A small deterministic random source (mulberry32) so a generation's creatures sit in the same places
/// on every redraw and every screen.
function random(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/// Every creature's trait (counts[i] creatures have trait traitMin + i) when they fit, else `room` traits at even
/// quantiles.
export function sampleTraits(counts, room, traitMin = 1) {
    const total = counts.reduce((a, b) => a + Math.max(0, b), 0);
    const traits = [];
    if (total === 0) return traits;
    if (total <= room) {
        counts.forEach((count, index) => { for (let i = 0; i < count; i++) traits.push(index + traitMin); });
        return traits;
    }
    let cumulative = 0;
    let index = 0;
    for (let k = 0; k < room; k++) {
        const target = Math.floor((k + 0.5) / room * total);
        while (index < counts.length - 1 && cumulative + counts[index] <= target) {
            cumulative += counts[index];
            index += 1;
        }
        traits.push(index + traitMin);
    }
    return traits;
}

function decodeBase64(text) {
    if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
}

/// Parses a tile map's runs (`.` sea, `#` empty land, a group id; `token*count`) into an Int32Array.
export function decodeTiles(text, width, height) {
    const total = width * height;
    const values = new Int32Array(total);
    let index = 0;
    for (const run of String(text).split(' ')) {
        if (!run) continue;
        const [token, countText] = run.split('*');
        const count = countText === undefined ? 1 : Number(countText);
        const value = token === '.' ? -1 : token === '#' ? 0 : Number(token);
        if (!Number.isInteger(count) || count < 1 || !Number.isInteger(value) || index + count > total) return null;
        values.fill(value, index, index + count);
        index += count;
    }
    return index === total ? values : null;
}

export class PictureView {
    /// - Parameter root: the element this view owns; it builds its canvas, caption and legend inside.
    constructor(root) {
        this.root = root;
        this.canvas = el('canvas', { class: 'picture', tabindex: '0', role: 'img', 'aria-label': t('picture.label') });
        this.caption = el('p', { class: 'caption' });
        this.readout = el('p', { class: 'readout', 'aria-live': 'off' });
        this.legend = el('ul', { class: 'legend' });
        replaceChildren(root, this.canvas, this.caption, this.readout, this.legend);
        this.state = null;
        // The snapshot message last drawn: a new lesson (whose counter starts afresh) or a new snapshot is a
        // different message, so the picture never keeps an earlier lesson's.
        this.drawnSnapshot = null;
        this.drawnGeneration = null;
        this.frameRequested = false;
        this.points = []; // what is under the pointer: [{x, y, r, text}]
        this.selected = -1;
        this.pointNoun = ''; // what one point is called in the readout ("creature 3 of 20", "bar 2 of 9")
        this.boardImage = null;
        this.mapTiles = null;
        this.markBest = true; // outline the suited creatures of a field (the console can turn it off)
        this.canvas.addEventListener('pointermove', (event) => this.pointAt(event));
        this.canvas.addEventListener('pointerleave', () => setText(this.readout, ''));
        this.canvas.addEventListener('keydown', (event) => this.key(event));
        this.canvas.addEventListener('focus', () => this.describeSelected());
        // A new scheme, a resize or a turned screen draws the picture again (WebKit may drop a canvas's
        // pixels on a resize and would show it blank until the next generation).
        const redraw = () => {
            this.drawnSnapshot = null;
            this.render(this.state);
        };
        matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', redraw);
        window.addEventListener('resize', redraw);
        window.addEventListener('orientationchange', redraw);
        screen.orientation?.addEventListener?.('change', redraw);
    }

    /// After a change of language: draws the picture and its words again.
    relabel() {
        this.drawnSnapshot = null;
        if (!this.state?.snapshot) this.canvas.setAttribute('aria-label', t('picture.label'));
        this.render(this.state);
    }

    /// Outlines a field's suited creatures or not, and draws the picture again.
    setMarkBest(on) {
        this.markBest = on;
        this.drawnSnapshot = null;
        this.render(this.state);
    }

    render(state) {
        this.state = state;
        if (!state?.snapshot && this.drawnGeneration !== null) this.clear();
        if (this.frameRequested || !state?.snapshot || state.snapshot === this.drawnSnapshot) return;
        this.frameRequested = true;
        requestAnimationFrame(() => {
            this.frameRequested = false;
            this.draw();
        });
    }

    /// Forgets the picture of a lesson that is no longer shown (a new lesson has sent none yet).
    clear() {
        this.drawnSnapshot = null;
        this.drawnGeneration = null;
        this.points = [];
        this.mapTiles = null;
        this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
        this.canvas.setAttribute('aria-label', t('picture.label'));
        setText(this.caption, '');
        setText(this.readout, '');
        replaceChildren(this.legend);
        delete this.root.dataset.generation;
    }

    draw() {
        const state = this.state;
        const message = state?.snapshot;
        if (!message || message === this.drawnSnapshot) return;
        this.drawnSnapshot = message;
        const snapshot = message.snapshot ?? {};
        const presentation = state.presentation;
        this.mapTiles = null;
        switch (presentation?.picture) {
            case 'traitField': this.drawField(snapshot, presentation); break;
            case 'traitHistogram': this.drawTrait(snapshot, presentation); break;
            case 'islandMap': this.drawMap(snapshot, presentation); break;
            case 'cellBoard': this.drawBoard(snapshot, presentation); break;
            default:
                // An older server says nothing of the picture, a newer one may name a kind this page lacks: the
                // numbers (the charts, the spoken summary) still show.
                this.points = [];
                this.canvas.getContext('2d')?.clearRect(0, 0, this.canvas.width, this.canvas.height);
                setText(this.caption, t('picture.cannotDraw', { generation: message.generation }));
                replaceChildren(this.legend);
        }
        this.drawnGeneration = message.generation;
        this.root.dataset.generation = String(message.generation);
    }

    /// Creatures on a background: each creature coloured by its trait on the presentation's ramp, the background
    /// the environment's value on the same ramp, the suited ones outlined in red on request.
    drawField(s, presentation) {
        const width = 800;
        const height = 480;
        const canvas = this.canvas;
        canvas.classList.remove('pixelated');
        if (canvas.width !== width) canvas.width = width;
        if (canvas.height !== height) canvas.height = height;
        const context = canvas.getContext('2d');
        const counts = Array.isArray(s.traitCounts) ? s.traitCounts : [];
        const bins = traitBins(s, Array.isArray(s.histogram) ? s.histogram.length : 1)
            ?? traitBins({ traitMin: 0, traitCounts: [0] }, 1);
        const colours = presentation.traitColours;
        const { one, many } = presentation.nouns ?? {};
        const environment = Number(s.environmentValue) || 0;
        const name = (t) => traitName(colours, bins, t);
        context.fillStyle = traitColour(colours, bins, environment);
        context.fillRect(0, 0, width, height);
        const traits = sampleTraits(counts, 600, bins.traitMin);
        const next = random((s.generation ?? 0) * 2654435761 + traits.length);
        const size = traits.length > 300 ? 9 : traits.length > 80 ? 13 : 18;
        const marked = this.markBest && presentation.suited ? suitedValues(s, bins) : new Set();
        this.points = [];
        this.pointNoun = one ?? '';
        for (const trait of traits) {
            const x = size + next() * (width - 2 * size);
            const y = size + next() * (height - 2 * size);
            const angle = next() * Math.PI;
            context.save();
            context.translate(x, y);
            context.rotate(angle);
            context.fillStyle = traitColour(colours, bins, trait);
            // A creature: two wings and a body.
            context.beginPath();
            context.ellipse(-size * 0.45, 0, size * 0.6, size * 0.4, -0.4, 0, Math.PI * 2);
            context.ellipse(size * 0.45, 0, size * 0.6, size * 0.4, 0.4, 0, Math.PI * 2);
            context.fill();
            if (marked.has(trait)) {
                context.strokeStyle = '#d0342c';
                context.lineWidth = 2;
                context.stroke();
            }
            context.restore();
            this.points.push({ x, y, r: size,
                text: t('picture.field.point', {
                    one: capitalised(one), trait: s.trait, value: bins.shown(trait), name: name(trait),
                    background: bins.shown(environment),
                }) });
        }
        if ((s.extinct || s.population === 0) && presentation.extinct) {
            context.fillStyle = lightness(colours, bins, environment) > 0.5 ? '#000' : '#fff';
            context.font = 'bold 28px system-ui, sans-serif';
            context.textAlign = 'center';
            context.fillText(presentation.extinct, width / 2, height / 2);
        }
        const sampled = traits.length < (s.population ?? 0) && traits.length > 0
            ? t('picture.field.sampled', { one, count: Math.round(s.population / traits.length * 10) / 10 }) : '';
        const suitedWords = { count: s.suited, suited: presentation.suited };
        const suited = !presentation.suited ? ''
            : this.markBest ? t('picture.field.suited.outlined', suitedWords) : t('picture.field.suited', suitedWords);
        setText(this.caption, t('picture.field.caption', {
            generation: s.generation, marker: presentation.marker ?? s.environment, value: bins.shown(environment),
            name: name(environment), population: s.population, many, suited, sampled,
        }));
        this.canvas.setAttribute('aria-label', t('picture.field.label', {
            many: capitalised(many), name: name(environment), population: s.population, nouns: many, one, trait: s.trait,
        }));
        replaceChildren(this.legend);
    }

    /// A histogram of the trait with the value the environment favours marked (`target`).
    drawTrait(s, presentation) {
        const width = 800;
        const height = 480;
        const canvas = this.canvas;
        canvas.classList.remove('pixelated');
        if (canvas.width !== width) canvas.width = width;
        if (canvas.height !== height) canvas.height = height;
        const context = canvas.getContext('2d');
        const dark = matchMedia('(prefers-color-scheme: dark)').matches;
        context.fillStyle = dark ? '#1b2233' : '#f4f6fb';
        context.fillRect(0, 0, width, height);
        const bins = Array.isArray(s.histogram) ? s.histogram.map((v) => Math.max(0, Number(v) || 0)) : [];
        const traitMin = Number(s.traitMin) || 0;
        const binWidth = Math.max(1, Number(s.binWidth) || 1);
        const scale = Number.isFinite(Number(s.scale)) ? Number(s.scale) : 1;
        const unit = typeof s.unit === 'string' && s.unit ? ` ${s.unit}` : '';
        const shown = (v) => `${formatPlain(Math.round(v * scale * 10) / 10)}${unit}`;
        const left = 50;
        const bottom = height - 40;
        const plotWidth = width - left - 20;
        const peak = Math.max(1, ...bins);
        const step = bins.length > 0 ? plotWidth / bins.length : plotWidth;
        const target = Number(s.target) || 0;
        const targetBin = Math.min(bins.length - 1, Math.max(0, Math.floor((target - traitMin) / binWidth)));
        this.points = [];
        this.pointNoun = t('picture.trait.bar');
        context.font = '14px system-ui, sans-serif';
        context.textAlign = 'center';
        bins.forEach((count, k) => {
            const h = (count / peak) * (bottom - 30);
            const x = left + k * step;
            context.fillStyle = k === targetBin ? '#d0342c' : (dark ? '#7fb3ff' : '#2f6fbf');
            context.fillRect(x + 2, bottom - h, step - 4, h);
            const low = traitMin + k * binWidth;
            const high = k === bins.length - 1 ? traitMin + (s.traitCounts?.length ?? 1) - 1 : low + binWidth - 1;
            context.fillStyle = dark ? '#ddd' : '#222';
            if (k % 2 === 0 || bins.length <= 10) context.fillText(shown(low), x + step / 2, bottom + 18);
            this.points.push({ x: x + step / 2, y: bottom - h / 2, r: step / 2,
                text: t('picture.trait.point', { count, trait: s.trait, low: shown(low), high: shown(high) }) });
        });
        // The favoured value as a red line, visible even when its bin is empty.
        const markerX = left + Math.min(bins.length, Math.max(0, (target - traitMin) / binWidth)) * step;
        context.strokeStyle = '#d0342c';
        context.lineWidth = 2;
        context.setLineDash([6, 4]);
        context.beginPath();
        context.moveTo(markerX, 24);
        context.lineTo(markerX, bottom);
        context.stroke();
        context.setLineDash([]);
        context.fillStyle = '#d0342c';
        const marker = presentation.marker ?? s.environment;
        context.fillText(`${marker} ${shown(target)}`, markerX, 18);
        if ((s.extinct || s.population === 0) && presentation.extinct) {
            context.fillStyle = dark ? '#fff' : '#000';
            context.font = 'bold 28px system-ui, sans-serif';
            context.fillText(presentation.extinct, width / 2, height / 2);
        }
        const suited = presentation.suited ? t('picture.field.suited', { count: s.suited, suited: presentation.suited }) : '';
        setText(this.caption, t('picture.trait.caption', {
            generation: s.generation, environment: s.environment, value: s.environmentValue, population: s.population,
            many: presentation.nouns?.many ?? '', suited, marker, target: shown(target),
        }));
        this.canvas.setAttribute('aria-label', t('picture.trait.label', {
            trait: s.trait, bins: bins.map((v) => formatPlain(v)).join(t('lesson.readings.separator')),
        }));
        replaceChildren(this.legend);
    }

    /// A tile map of sea, empty land and one hue per group, the living groups in the legend.
    drawMap(s, presentation) {
        const w = s.width | 0;
        const h = s.height | 0;
        const tiles = w > 0 && h > 0 ? decodeTiles(s.tiles, w, h) : null;
        if (!tiles) {
            setText(this.caption, t('picture.map.unreadable'));
            return;
        }
        this.mapTiles = { tiles, w, h, noun: capitalised(presentation.nouns?.one) };
        const scale = Math.max(1, Math.floor(800 / Math.max(w, h)));
        const canvas = this.canvas;
        canvas.classList.add('pixelated');
        if (canvas.width !== w * scale) canvas.width = w * scale;
        if (canvas.height !== h * scale) canvas.height = h * scale;
        const context = canvas.getContext('2d');
        const groups = Array.isArray(s.species) ? s.species : [];
        const colours = new Map(groups.map((group) => [group.id, groupColour(group)]));
        const sea = themeColour('--sea', '#2f6fa7');
        const sand = themeColour('--sand', '#d9c58f');
        for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
                const v = tiles[y * w + x];
                context.fillStyle = v < 0 ? sea : v === 0 ? sand : colours.get(v) ?? '#888';
                context.fillRect(x * scale, y * scale, scale, scale);
                if (v > 0 && scale >= 12) {
                    // The group's number on its tiles, so hue is not the only carrier of meaning.
                    context.fillStyle = '#000';
                    context.font = `${Math.floor(scale * 0.5)}px system-ui, sans-serif`;
                    context.textAlign = 'center';
                    context.textBaseline = 'middle';
                    context.fillText(String(v), x * scale + scale / 2, y * scale + scale / 2);
                }
            }
        }
        this.points = [];
        this.mapScale = scale;
        const { one, many } = presentation.nouns ?? {};
        const living = groups.filter((group) => group.alive).sort((a, b) => b.tiles - a.tiles || a.id - b.id);
        const mapWords = { generation: s.generation, width: w, height: h, count: living.length, many };
        setText(this.caption, s.diagonal ? t('picture.map.caption.diagonal', mapWords) : t('picture.map.caption', mapWords));
        this.canvas.setAttribute('aria-label', t('picture.map.label', mapWords));
        const swatch = (colour) => {
            const box = el('span', { class: 'swatch', 'aria-hidden': 'true' });
            box.style.background = colour;
            return box;
        };
        // The presentation's legend names the sea and the empty land, in that order; their swatches are the
        // colours drawn (the scheme's).
        const legend = Array.isArray(presentation.legend) ? presentation.legend : [];
        const ground = [sea, sand].map((colour, i) => el('li', {}, swatch(colour), legend[i]?.words ?? ''));
        replaceChildren(this.legend, living.slice(0, 12).map((group) =>
            el('li', {}, swatch(groupColour(group)), t('picture.map.group', { one: capitalised(one), id: group.id, count: group.tiles }))),
            ground);
    }

    /// A board of live and dead cells.
    drawBoard(s, presentation) {
        const w = s.width | 0;
        const h = s.height | 0;
        if (w <= 0 || h <= 0) return;
        let bytes;
        try {
            bytes = decodeBase64(s.cells ?? '');
        } catch {
            setText(this.caption, t('picture.board.unreadable'));
            return;
        }
        const rowBytes = (w + 7) >> 3;
        if (bytes.length !== rowBytes * h) return;
        const canvas = this.canvas;
        canvas.classList.add('pixelated');
        if (canvas.width !== w) canvas.width = w;
        if (canvas.height !== h) canvas.height = h;
        const context = canvas.getContext('2d');
        if (!this.boardImage || this.boardImage.width !== w || this.boardImage.height !== h) {
            this.boardImage = context.createImageData(w, h);
            this.boardPixels = new Uint32Array(this.boardImage.data.buffer);
        }
        const dark = matchMedia('(prefers-color-scheme: dark)').matches;
        // Little-endian ABGR words.
        const alive = dark ? 0xff7ee0a0 : 0xff1d5a2b;
        const dead = dark ? 0xff1a1a1a : 0xfff7f7f2;
        const pixels = this.boardPixels;
        let p = 0;
        for (let y = 0; y < h; y++) {
            const row = y * rowBytes;
            for (let x = 0; x < w; x++) pixels[p++] = (bytes[row + (x >> 3)] >> (x & 7)) & 1 ? alive : dead;
        }
        context.putImageData(this.boardImage, 0, 0);
        this.points = [];
        const boardWords = {
            generation: s.generation, width: s.boardWidth, height: s.boardHeight, shownWidth: w, shownHeight: h,
            column: s.x, row: s.y, count: s.liveCells, many: presentation.nouns?.many ?? '', rule: s.rule,
        };
        setText(this.caption, w === s.boardWidth && h === s.boardHeight ? t('picture.board.caption', boardWords)
            : t('picture.board.caption.region', boardWords));
        this.canvas.setAttribute('aria-label', t('picture.board.label', boardWords));
        replaceChildren(this.legend);
    }

    pointAt(event) {
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) * this.canvas.width / rect.width;
        const y = (event.clientY - rect.top) * this.canvas.height / rect.height;
        if (this.mapTiles) {
            const { tiles, w, h, noun } = this.mapTiles;
            const tx = Math.floor(x / this.mapScale);
            const ty = Math.floor(y / this.mapScale);
            if (tx >= 0 && ty >= 0 && tx < w && ty < h) {
                const v = tiles[ty * w + tx];
                const legend = this.state?.presentation?.legend ?? [];
                setText(this.readout, v < 0 ? legend[0]?.words ?? '' : v === 0 ? legend[1]?.words ?? '' : `${noun} ${v}`);
            }
            return;
        }
        let best = -1;
        let bestDistance = Infinity;
        this.points.forEach((point, index) => {
            const d = (point.x - x) ** 2 + (point.y - y) ** 2;
            if (d < bestDistance && d <= (point.r * 1.5) ** 2) {
                bestDistance = d;
                best = index;
            }
        });
        setText(this.readout, best >= 0 ? this.points[best].text : '');
    }

    key(event) {
        if (!this.points.length) return;
        const count = this.points.length;
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') this.selected = (this.selected + 1) % count;
        else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') this.selected = (this.selected - 1 + count) % count;
        else return;
        event.preventDefault();
        this.describeSelected();
    }

    describeSelected() {
        if (!this.points.length) return;
        const index = Math.max(0, Math.min(this.selected, this.points.length - 1));
        setText(this.readout, t('picture.readout', {
            text: this.points[index].text, noun: this.pointNoun, number: index + 1, count: this.points.length,
        }));
    }
}
