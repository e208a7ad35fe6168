// One lesson as the page knows it, updated from petri.v1 server messages (the browser's twin of the
// terminal client's LessonState+Apply). Views read it; only `apply` writes it.
//
// Stats history is columnar, indexed by generation (uPlot's layout): `series[metric][g]`,
// `histograms[g]`, `groups[g]`, so a chart of a thousand generations is one loop over arrays.

import { wireNumber } from './dom.js';
import { t, formatPlain, formatPercent } from './words.js';
import { outcomeKind } from './answer-kinds.js';

/// The metric the "over time" chart and the spoken summary lead with: the model's headline, as its presentation
/// says (a welcome from an older server has none: the first metric charted).
export function mainMetric(state) {
    return state.presentation?.headlineMetric ?? Object.keys(state.series)[0];
}

export function createState() {
    return {
        connection: { state: 'idle', detail: '' },
        role: null, model: null, presentation: null, metrics: [], options: {}, parameters: {},
        position: null, running: null, runOver: null, ended: false,
        series: {}, histograms: [], groups: [], lastGeneration: -1,
        snapshot: null, snapshotSerial: 0,
        questions: new Map(), answers: new Map(), hints: new Map(), resolutions: new Map(), results: new Map(),
        answerCounts: new Map(), shown: new Set(), shownSpreads: new Map(), replicates: null, guide: null,
        explanation: null,
        leaderboard: null, you: null, renamed: null, roster: new Map(), classSize: null, code: null, closing: null, lessonEnded: null,
        error: null, notices: [], serverOffset: 0, version: 0, serverLanguages: null,
    };
}

function truncateHistory(state, length) {
    for (const column of Object.values(state.series)) if (column.length > length) column.length = length;
    if (state.histograms.length > length) state.histograms.length = length;
    if (state.groups.length > length) state.groups.length = length;
    state.lastGeneration = Math.min(state.lastGeneration, length - 1);
}

function recordStats(state, stats) {
    const g = stats.generation;
    if (typeof g !== 'number' || g < 0) return;
    for (const [name, value] of Object.entries(stats.values ?? {})) {
        const column = state.series[name] ?? (state.series[name] = []);
        column[g] = wireNumber(value);
    }
    state.histograms[g] = Array.isArray(stats.histogram) ? stats.histogram : null;
    state.groups[g] = stats.groups && typeof stats.groups === 'object' ? stats.groups : null;
    state.lastGeneration = Math.max(state.lastGeneration, g);
}

/// The latest open question, if any.
export function openQuestion(state) {
    let open = null;
    for (const question of state.questions.values()) if (question.state === 'open') open = question;
    return open;
}

/// The question the question panel should show: the open one, else the newest.
export function currentQuestion(state) {
    const open = openQuestion(state);
    if (open) return open;
    let newest = null;
    for (const question of state.questions.values()) if (!newest || question.id > newest.id) newest = question;
    return newest;
}

/// The server's clock now, in ms, estimated from the offset measured when a question arrived live.
export function serverNow(state) {
    return Date.now() - state.serverOffset;
}

/// Applies one server message. Returns a short list of words to announce, or null.
export function apply(state, message) {
    state.version += 1;
    switch (message.type) {
        case 'explanation': {
            // A lesson plan's moment shows everyone a text; the newest stays until the next one.
            const paragraphs = Array.isArray(message.paragraphs) ? message.paragraphs.map(String) : [];
            const title = typeof message.title === 'string' ? message.title : null;
            state.explanation = { title, paragraphs };
            return [[title, ...paragraphs].filter(Boolean).join(' ')];
        }
        case 'welcome': {
            state.role = message.role ?? null;
            // Another model's guide (its story) is not this lesson's: drop it until it is asked for again.
            if ((message.model ?? null) !== state.model) state.guide = null;
            state.model = message.model ?? null;
            // How the model is shown: every word and picture that depends on the model comes from here.
            state.presentation = message.presentation && typeof message.presentation === 'object' ? message.presentation : null;
            state.metrics = Array.isArray(message.metrics) ? message.metrics : [];
            state.options = message.options ?? {};
            state.parameters = message.parameters ?? {};
            state.position = message.position ?? null;
            state.running = message.running ?? null;
            state.runOver = message.runOver ?? null;
            state.ended = message.ended === true;
            if (typeof message.historyFrom === 'number') truncateHistory(state, message.historyFrom);
            state.questions = new Map((message.questions ?? []).map((q) => [q.id, q]));
            state.answers = new Map((message.answers ?? []).map((a) => [a.question, a]));
            if (message.you) state.you = { ...state.you, ...message.you };
            // A join whose name was taken: say which name the student asked for and which they have.
            const renamed = typeof message.you?.requestedName === 'string'
                ? t('lesson.renamed', { requested: message.you.requestedName, name: message.you.name })
                : null;
            if (renamed) state.renamed = renamed;
            state.leaderboard = message.leaderboard ?? null;
            if (Array.isArray(message.roster)) state.roster = new Map(message.roster.map((r) => [r.student, r]));
            if (message.classSize) state.classSize = message.classSize;
            if (typeof message.code === 'string') state.code = message.code;
            // The languages the server speaks on this connection (PROTOCOL.md; null from a server before them).
            state.serverLanguages = Array.isArray(message.languages) ? message.languages : null;
            state.error = null;
            return renamed ? [renamed] : null;
        }
        case 'history': {
            truncateHistory(state, message.from ?? 0);
            for (const stats of message.stats ?? []) recordStats(state, stats);
            return null;
        }
        case 'stats': {
            const stats = message.stats ?? {};
            if (typeof stats.generation === 'number') {
                truncateHistory(state, stats.generation);
                recordStats(state, stats);
                state.position = { timeline: message.timeline, generation: stats.generation };
            }
            return null;
        }
        case 'snapshot':
            state.snapshot = message;
            state.snapshotSerial += 1;
            return null;
        case 'running': state.running = message.rate; return null;
        case 'paused': state.running = null; return null;
        case 'rewound':
            truncateHistory(state, (message.generation ?? 0) + 1);
            state.position = { timeline: message.timeline, generation: message.generation };
            state.replicates = null;
            state.runOver = null;
            state.running = null;
            return [t('lesson.rewound', { generation: message.generation })];
        case 'restored':
            state.replicates = null;
            state.running = null;
            state.runOver = null;
            state.position = { timeline: message.timeline, generation: message.generation };
            return [t('lesson.restored', { generation: message.generation })];
        case 'actionApplied':
            if (message.action === 'set') {
                state.parameters = { ...state.parameters, [message.name]: message.value };
                return [t('lesson.parameterSet', { name: message.name, value: message.value })];
            }
            return null;
        case 'runOver': state.runOver = message.message ?? t('lesson.runOver'); return [state.runOver];
        case 'question': {
            if (typeof message.openedAt === 'number') state.serverOffset = Date.now() - message.openedAt;
            const { type, ...question } = message;
            state.questions.set(question.id, question);
            return [t('lesson.newQuestion', { prompt: question.prompt || question.metricDescription || question.metric })];
        }
        case 'questionLocked': {
            const question = state.questions.get(message.question);
            if (question) {
                question.state = 'locked';
                question.lockReason = message.reason;
            }
            const why = { advanced: 'lesson.locked.advanced', timeLimit: 'lesson.locked.timeLimit', closedByTeacher: 'lesson.locked.closedByTeacher' };
            return [t('lesson.locked', { why: t(why[message.reason] ?? 'lesson.locked.closed') })];
        }
        case 'yourTime': {
            // This student's extra time; while a timed question is open, when it closes for them (later than for
            // the class: the class's lock does not reach them until then).
            const percent = typeof message.extraTime === 'number' ? message.extraTime : 0;
            const changed = percent !== (state.extraTime ?? 0);
            state.extraTime = percent;
            const question = state.questions.get(message.question);
            if (question && typeof message.closesAt === 'number') {
                question.closesAt = message.closesAt;
                if (question.state === 'locked' && question.lockReason === 'timeLimit') question.state = 'open';
            }
            if (!changed) return null;
            return [percent > 0 ? t('lesson.extraTime', { percent: formatPercent(percent) }) : t('lesson.extraTimeRemoved')];
        }
        case 'questionCancelled': {
            const question = state.questions.get(message.question);
            if (question) {
                question.state = 'cancelled';
                question.cancelReason = message.reason;
            }
            return [t('lesson.withdrawn', { reason: message.reason ?? '' })];
        }
        case 'answerAccepted': {
            const previous = state.answers.get(message.question) ?? {};
            state.answers.set(message.question, {
                ...previous, question: message.question, prediction: message.prediction, answeredAt: message.answeredAt,
            });
            return [t('lesson.answerReceived')];
        }
        case 'answerCount':
            state.answerCounts.set(message.question, { answered: message.answered, students: message.students });
            return null;
        case 'hint': {
            state.hints.set(message.question, message.text);
            const previous = state.answers.get(message.question) ?? { question: message.question };
            state.answers.set(message.question, { ...previous, hintTaken: true });
            return [t('lesson.hint', { text: message.text })];
        }
        case 'replicates': {
            if (state.position && message.timeline !== state.position.timeline) return null;
            state.replicates = message;
            const last = message.horizon;
            const round = (v) => Math.round(v * 10) / 10;
            const extinct = message.extinctAt ?? [];
            const words = {
                count: message.replicates, metric: message.metric, generation: message.generation,
                at: message.generation + last, low: round(message.low[last]), high: round(message.high[last]),
                median: round(message.median[last]),
                percent: extinct.length > 0 ? Math.round(100 * extinct.length / message.replicates) : 0,
                first: extinct[0] ?? 0,
            };
            return [extinct.length > 0 ? t('lesson.replicates.diedOut', words) : t('lesson.replicates', words)];
        }
        case 'reasonsShown':
            return (message.reasons ?? []).map((r) => (r.name ? t('lesson.reason.named', { name: r.name, reason: r.reason })
                : t('lesson.reason.anonymous', { reason: r.reason })));
        case 'guide':
            state.guide = message.guide ?? null;
            return null;
        case 'answersShown':
            state.shown.add(message.question);
            if (message.spread) state.shownSpreads.set(message.question, message.spread);
            return [t('lesson.answersShown')];
        case 'resolved': {
            state.resolutions.set(message.question, message);
            const question = state.questions.get(message.question);
            if (question) {
                question.state = 'resolved';
                question.actual = message.actual;
            }
            if (message.leaderboard) state.leaderboard = { ...message.leaderboard, you: state.leaderboard?.you };
            const standing = message.replicates;
            if (standing) {
                const words = { below: standing.below, count: standing.replicates, equal: standing.equal };
                return [t('lesson.answer', { actual: describeActual(state, message) }),
                    standing.equal > 0 ? t('lesson.standing.level', words) : t('lesson.standing', words)];
            }
            return [t('lesson.answer', { actual: describeActual(state, message) })];
        }
        case 'result': {
            state.results.set(message.question, message);
            const previous = state.answers.get(message.question) ?? { question: message.question };
            state.answers.set(message.question, { ...previous, points: message.points });
            state.you = { ...state.you, score: message.score, streak: message.streak };
            if (message.standing) state.leaderboard = { ...(state.leaderboard ?? {}), you: message.standing };
            const rank = message.standing?.rank ?? '?';
            return [t('lesson.scored', { count: message.points?.total ?? 0, score: message.score, rank })];
        }
        case 'expectedPoints': {
            // Expected points after the resolution: everyone's has the class's mean, then a student gets their own.
            const { question: id, expected: e } = message;
            const resolved = state.resolutions.get(id);
            if (resolved) state.resolutions.set(id, { ...resolved, expected: { replicates: e.replicates, class: e.class } });
            const result = state.results.get(id);
            if (!result || typeof e.points !== 'number') return null;
            state.results.set(id, { ...result, expected: e });
            return [t('results.expected.yours', { expected: e.points, scored: result.points?.base ?? 0, count: e.replicates })];
        }
        case 'leaderboard': {
            const you = state.leaderboard?.you;
            state.leaderboard = { students: message.students, top: message.top ?? [], you: message.you ?? you };
            return null;
        }
        case 'student':
            state.roster.set(message.student, message);
            return null;
        case 'classSize':
            state.classSize = { joined: message.joined, online: message.online };
            return null;
        case 'lessonEnded':
            state.ended = true;
            state.running = null;
            state.lessonEnded = message;
            // The server closes every connection at the end (4002): nobody is online any more.
            state.roster = new Map([...state.roster].map(([id, s]) => [id, { ...s, online: false }]));
            if (state.classSize) state.classSize = { ...state.classSize, online: 0 };
            if (message.leaderboard) state.leaderboard = { ...message.leaderboard, you: state.leaderboard?.you };
            return [t('lesson.ended')];
        case 'closing':
            state.closing = message;
            return [t('lesson.closing', { message: message.message, score: message.score, possible: message.possible })];
        case 'error':
            state.error = { ...message, serial: state.version };
            return [message.message];
        default:
            return null;
    }
}

/// The actual value of a resolved question in words.
export function describeActual(state, resolved) {
    const question = state.questions.get(resolved.question);
    return outcomeKind(question?.kind).actualWords(question, resolved);
}

/// A reading in words: whole numbers from 10 up, two decimals below (a fraction, a beak depth in mm).
function reading(v) {
    if (!Number.isFinite(v)) return t('lesson.reading.none');
    return formatPlain(Math.abs(v) >= 10 ? Math.round(v) : Math.round(v * 100) / 100);
}

/// One generation's key numbers in words, for the live region: the headline with the model's noun, then its
/// readings, each with its words (e.g. "Generation 3: 48 <nouns.many>, mean colour 52, best 4").
export function describeGeneration(state, g) {
    const value = (name) => state.series[name]?.[g];
    const presentation = state.presentation;
    if (!presentation) return t('lesson.generation', { generation: g });
    const headline = value(presentation.headlineMetric);
    const parts = [t('lesson.headline', {
        count: Number.isFinite(headline) ? Math.round(headline) : t('lesson.reading.none'), nouns: presentation.nouns?.many ?? '',
    }).trim()];
    for (const { metric, words } of Array.isArray(presentation.readings) ? presentation.readings : []) {
        if (metric === presentation.headlineMetric) continue;
        parts.push(t('lesson.reading', { words, value: reading(value(metric)) }));
    }
    return t('lesson.generation.readings', { generation: g, readings: parts.join(t('lesson.readings.separator')) });
}
