// After a question resolves: the class's spread against the actual value, the points breakdown and
// the leaderboard (top N and the student's own line). Shared by the student page and the projector.

import { el, setText, replaceChildren, formatNumber, wireNumber, show } from './dom.js';
import { drawBars } from './view-charts.js';
import { describeActual } from './lesson-state.js';
import { outcomeKind } from './answer-kinds.js';

/// Draws a spread (`bins`, `counts` or a range's `intervals`) on `canvas`; with `resolved`, marks the actual value on the same axis.
export function drawSpread(canvas, question, spread, resolved) {
    if (!spread) return '';
    const only = { questions: new Map([[question?.id, question]]) }; // what describeActual reads
    const answers = spread.answers ?? 0;
    const counted = `${answers} prediction${answers === 1 ? '' : 's'}`;
    let bars;
    let marker = null;
    let highlight = -1;
    // A kind that draws its own spread (a range's stacked intervals) does.
    const own = outcomeKind(question?.kind);
    if (own.drawSpread && Array.isArray(spread.intervals)) return own.drawSpread(canvas, question, spread, resolved);
    if (Array.isArray(spread.counts)) {
        bars = spread.counts.map((count, i) => ({ label: question?.options?.[i]?.label ?? `option ${i + 1}`,
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
                marker = { position: (actual - low) / (high - low), label: `Actual: ${describeActual(only, resolved)}` };
            }
        }
    } else {
        return '';
    }
    drawBars(canvas, bars, { marker, highlight, title: counted });
    const words = `${counted}: ${bars.map((b) => `${b.label}: ${b.value}`).join(', ')}` +
        (resolved ? `. The actual answer: ${describeActual(only, resolved)}.` : '.');
    canvas.setAttribute('aria-label', words);
    return words;
}

/// The leaderboard as a table: rank, name (as text), score; `you` appended when not in the top.
/// `anonymous` drops names (ranks and scores only).
export function leaderboardTable(board, { anonymous = false, youId = null } = {}) {
    const rows = [...(board?.top ?? [])];
    const you = board?.you;
    if (you && !rows.some((r) => r.student === you.student)) rows.push({ ...you, separate: true });
    const students = board?.students ?? rows.length;
    const table = el('table', { class: 'leaderboard' },
        el('caption', {}, `Leaderboard (${students} ${students === 1 ? 'student' : 'students'})`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Rank'),
            anonymous ? null : el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Score'))));
    const body = el('tbody');
    for (const row of rows) {
        const mine = youId !== null && row.student === youId;
        const tr = el('tr', { class: `${mine ? 'mine' : ''}${row.separate ? ' separate' : ''}` },
            el('td', {}, String(row.rank), anonymous && mine ? ' (you)' : ''),
            anonymous ? null : el('td', { class: 'name' }, row.name ?? '', mine ? ' (you)' : ''),
            el('td', {}, formatNumber(row.score)));
        body.append(tr);
    }
    table.append(body);
    return table;
}

// The sentences of expected points, in one place for the words catalog.
const EXPECTED_WORDS = {
    yours: (expected, scored, replicates) => `Your prediction would have scored ${expected} on average over the ` +
        `${replicates} runs that could have happened; this time it scored ${scored}.`,
    classMean: (mean) => `The class's predictions would have scored ${mean} on average.`,
};

/// "Your prediction would have scored 820 on average …; this time it scored 310. The class's …" ('' without).
export function describeExpected(expected, base) {
    if (!expected) return '';
    const parts = [];
    if (typeof expected.points === 'number' && typeof base === 'number') {
        parts.push(EXPECTED_WORDS.yours(expected.points, base, expected.replicates));
    }
    if (typeof expected.class === 'number') parts.push(EXPECTED_WORDS.classMean(expected.class));
    return parts.join(' ');
}

/// The points line: "900 base, halved for the hint, +5 speed, +50 streak = 505".
export function describePoints(points) {
    if (!points) return '';
    const parts = [`${points.base} base`];
    if (points.hintTaken) parts.push('halved for the hint');
    if (points.speed) parts.push(`+${points.speed} speed`);
    if (points.streak) parts.push(`+${points.streak} streak`);
    return `${parts.join(', ')} = ${points.total} points`;
}

export class ResultsView {
    constructor(root, { anonymous = () => false } = {}) {
        this.root = root;
        this.anonymous = anonymous;
        this.heading = el('h2', {}, 'Results');
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
            setText(this.heading, `The class's answers to question ${id} so far`);
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
        setText(this.heading, `Results of question ${id}`);
        setText(this.actual, resolved
            ? `The actual answer at generation ${resolved.generation}: ${describeActual(state, resolved)}.` : '');
        const points = result?.points ?? answer?.points;
        if (state.role === 'student') {
            setText(this.points, points && answer?.prediction
                ? `You scored ${describePoints(points)}. Total ${formatNumber(result?.score ?? state.you?.score)}, `
                    + `rank ${result?.standing?.rank ?? state.leaderboard?.you?.rank ?? '?'}.`
                : 'You did not answer this question: 0 points.');
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
        }) : null);
    }
}
