// After a question resolves: the class's spread against the actual value, the points breakdown and
// the leaderboard (top N and the student's own line). Shared by the student page and the projector.

import { el, setText, replaceChildren, formatNumber, wireNumber, show } from './dom.js';
import { drawBars } from './view-charts.js';
import { describeActual } from './lesson-state.js';
import { outcomeKind } from './answer-kinds.js';
import { t, formatPlain } from './words.js';

/// Draws a spread (`bins`, `counts` or a range's `intervals`) on `canvas`; with `resolved`, marks the actual value on the same axis.
export function drawSpread(canvas, question, spread, resolved) {
    if (!spread) return '';
    const only = { questions: new Map([[question?.id, question]]) }; // what describeActual reads
    const answers = spread.answers ?? 0;
    const counted = t('results.predictions', { count: answers });
    let bars;
    let marker = null;
    let highlight = -1;
    // A kind that draws its own spread (a range's stacked intervals) does.
    const own = outcomeKind(question?.kind);
    if (own.drawSpread && Array.isArray(spread.intervals)) return own.drawSpread(canvas, question, spread, resolved);
    if (Array.isArray(spread.counts)) {
        bars = spread.counts.map((count, i) => ({ label: question?.options?.[i]?.label ?? t('answer.choice.option', { number: i + 1 }),
            value: count }));
        if (resolved && typeof resolved.correctOption === 'number') highlight = resolved.correctOption;
    } else if (Array.isArray(spread.bins) && spread.bins.length) {
        const bins = spread.bins;
        const low = wireNumber(bins[0].lower);
        const high = wireNumber(bins[bins.length - 1].upper);
        const kind = outcomeKind(question?.kind);
        const label = (v) => kind.spreadLabel(v);
        bars = bins.map((bin) => ({ label: `${label(wireNumber(bin.lower))}`, value: bin.count }));
        if (resolved) {
            const actual = kind.spreadTarget(resolved);
            if (Number.isFinite(actual) && high > low) {
                marker = { position: (actual - low) / (high - low), label: t('results.actualMarker', { actual: describeActual(only, resolved) }) };
            }
        }
    } else {
        return '';
    }
    drawBars(canvas, bars, { marker, highlight, title: counted });
    const listed = bars.map((b) => t('results.bar', { label: b.label, value: b.value })).join(t('lesson.readings.separator'));
    const words = resolved ? t('results.spread.actual', { counted, bars: listed, actual: describeActual(only, resolved) })
        : t('results.spread', { counted, bars: listed });
    canvas.setAttribute('aria-label', words);
    return words;
}

/// The leaderboard as a table: rank, name (as text), score; `you` appended when not in the top.
/// `anonymous` drops names (ranks and scores only); `expected` (the lesson's `rankBy: expected`) says in the
/// caption that it ranks by expected points.
export function leaderboardTable(board, { anonymous = false, youId = null, expected = false } = {}) {
    const rows = [...(board?.top ?? [])];
    const you = board?.you;
    if (you && !rows.some((r) => r.student === you.student)) rows.push({ ...you, separate: true });
    const students = board?.students ?? rows.length;
    const table = el('table', { class: 'leaderboard' },
        el('caption', {}, t(expected ? 'results.leaderboard.expected' : 'results.leaderboard', { count: students })),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('results.rank')),
            anonymous ? null : el('th', { scope: 'col' }, t('results.name')), el('th', { scope: 'col' }, t('results.score')))));
    const body = el('tbody');
    for (const row of rows) {
        const mine = youId !== null && row.student === youId;
        const tr = el('tr', { class: `${mine ? 'mine' : ''}${row.separate ? ' separate' : ''}` },
            el('td', {}, formatPlain(row.rank), anonymous && mine ? t('results.you') : ''),
            anonymous ? null : el('td', { class: 'name' }, row.name ?? '', mine ? t('results.you') : ''),
            el('td', {}, formatNumber(row.score)));
        body.append(tr);
    }
    table.append(body);
    return table;
}

/// "Your prediction would have scored 820 on average …; this time it scored 310. The class's …" ('' without).
export function describeExpected(expected, base) {
    if (!expected) return '';
    const parts = [];
    if (typeof expected.points === 'number' && typeof base === 'number') {
        parts.push(t('results.expected.yours', { expected: expected.points, scored: base, count: expected.replicates }));
    }
    if (typeof expected.class === 'number') parts.push(t('results.expected.class', { mean: expected.class }));
    return parts.join(' ');
}

/// The points line: "900 base, halved for the hint, +5 speed, +50 streak = 505".
export function describePoints(points) {
    if (!points) return '';
    const parts = [t('results.points.base', { points: points.base })];
    if (points.hintTaken) parts.push(t('results.points.hint'));
    if (points.speed) parts.push(t('results.points.speed', { points: points.speed }));
    if (points.streak) parts.push(t('results.points.streak', { points: points.streak }));
    return t('results.points.total', { parts: parts.join(t('lesson.readings.separator')), count: points.total });
}

export class ResultsView {
    constructor(root, { anonymous = () => false } = {}) {
        this.root = root;
        this.anonymous = anonymous;
        this.heading = el('h2', {}, t('results.heading'));
        this.points = el('p', { class: 'points' });
        this.actual = el('p', { class: 'actual' });
        this.expected = el('p', { class: 'expected' });
        this.spreadCanvas = el('canvas', { class: 'chart spread', role: 'img' });
        this.board = el('div', { class: 'board' });
        replaceChildren(root, this.heading, this.actual, this.points, this.expected, this.spreadCanvas, this.board);
        root.hidden = true;
        this.last = null;
        addEventListener('resize', () => { if (this.last) this.render(...this.last); });
    }

    /// Shows question `id`'s resolution; `showSpread` false keeps the class's answers hidden.
    render(state, id, { showSpread = true } = {}) {
        this.last = [state, id, { showSpread }];
        const resolved = state.resolutions.get(id);
        const question = state.questions.get(id);
        const result = state.results.get(id);
        const answer = state.answers.get(id);
        const shownSpread = state.shownSpreads.get(id);
        if (!resolved && !result && shownSpread) {
            // The teacher showed the class's answers before the resolution.
            this.root.hidden = false;
            setText(this.heading, t('results.soFar', { number: id }));
            setText(this.actual, '');
            setText(this.points, '');
            setText(this.expected, '');
            this.spreadCanvas.hidden = false;
            drawSpread(this.spreadCanvas, question, shownSpread, null);
            replaceChildren(this.board);
            return;
        }
        if (!resolved && !result) {
            this.root.hidden = true;
            return;
        }
        this.root.hidden = false;
        setText(this.heading, t('results.of', { number: id }));
        setText(this.actual, resolved
            ? t('results.actual', { generation: resolved.generation, actual: describeActual(state, resolved) }) : '');
        const points = result?.points ?? answer?.points;
        if (state.role === 'student') {
            setText(this.points, points && answer?.prediction
                ? t('results.youScored', {
                    points: describePoints(points), total: formatNumber(result?.score ?? state.you?.score),
                    rank: result?.standing?.rank ?? state.leaderboard?.you?.rank ?? '?',
                })
                : t('results.missed'));
        } else {
            setText(this.points, '');
        }
        // Judgement apart from luck: the answer's expected points over the replicates, beside the points scored.
        setText(this.expected, state.role === 'student' && result?.expected
            ? describeExpected(result.expected, points?.base) : describeExpected(resolved?.expected));
        show(this.expected, Boolean(this.expected.textContent));
        this.spreadCanvas.hidden = !(showSpread && resolved?.spread);
        if (showSpread && resolved?.spread) drawSpread(this.spreadCanvas, question, resolved.spread, resolved);
        replaceChildren(this.board, state.leaderboard ? leaderboardTable(state.leaderboard, {
            anonymous: this.anonymous(state), youId: state.you?.student ?? null,
            expected: state.options?.rankBy === 'expected',
        }) : null);
    }
}
