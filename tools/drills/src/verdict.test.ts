import { countOutcomes, judgeStatuses, resumeCheck, summaryTable, timeToResume, type RequestRecord } from './verdict';

const rec = (op: string, start: number, end: number, outcome: number | string): RequestRecord => ({
  op,
  start,
  end,
  outcome,
});
const window = { downAt: 100, backAt: 200 };
const none = { transportAllowed: () => false };

describe('judgeStatuses', () => {
  it('passes 2xx anywhere and 503 overlapping the outage', () => {
    const records = [
      rec('entry', 0, 10, 201),
      rec('entry', 90, 110, 503),
      rec('accounts', 150, 160, 503),
      rec('accounts', 190, 210, 503),
      rec('accounts', 300, 310, 200),
    ];
    const check = judgeStatuses(records, window, none);
    expect(check.pass).toBe(true);
    expect(check.detail).toBe('during outage: 503x3');
  });

  it('fails a 401 or a 500 even while the part is down, and a 503 outside the outage', () => {
    expect(judgeStatuses([rec('entry', 150, 160, 401)], window, none).pass).toBe(false);
    expect(judgeStatuses([rec('entry', 150, 160, 500)], window, none).pass).toBe(false);
    expect(judgeStatuses([rec('entry', 150, 160, 502)], window, none).pass).toBe(false);
    const late = judgeStatuses([rec('edit', 250, 260, 503)], window, none);
    expect(late).toMatchObject({ pass: false, detail: 'unexpected: 503x1 (ops edit)' });
  });

  it('accepts no answer at all only for the ops the drill allows, and only during the outage', () => {
    const refused = [rec('bulk', 150, 151, 'refused'), rec('entry', 150, 151, 'reset')];
    expect(judgeStatuses(refused, window, { transportAllowed: (op) => op === 'bulk' }).pass).toBe(false);
    expect(judgeStatuses(refused, window, { transportAllowed: () => true }).pass).toBe(true);
    expect(judgeStatuses([rec('bulk', 250, 251, 'refused')], window, { transportAllowed: () => true }).pass).toBe(
      false,
    );
    expect(judgeStatuses([rec('bulk', 150, 151, 'timeout')], window, { transportAllowed: () => true }).pass).toBe(
      false,
    );
  });
});

describe('timeToResume', () => {
  const records = [
    rec('report', 150, 160, 200),
    rec('entry', 200, 900, 201),
    rec('accounts', 210, 400, 503),
    rec('accounts', 420, 450, 200),
    rec('report', 205, 300, 200),
  ];
  it('answers the end of the first 2xx started once the part was back', () => {
    expect(timeToResume(records, 200)).toBe(100);
    expect(timeToResume(records, 200, ['accounts', 'entry'])).toBe(250);
    expect(timeToResume(records, 1000)).toBeNull();
  });
  it('judges it against the limit', () => {
    expect(resumeCheck(250, 10_000, 'first 2xx').pass).toBe(true);
    expect(resumeCheck(10_001, 10_000, 'first 2xx').pass).toBe(false);
    expect(resumeCheck(null, 10_000, 'first 2xx')).toMatchObject({
      pass: false,
      detail: 'no first 2xx after the part came back',
    });
  });
});

it('prints one block per drill with its checks', () => {
  const statuses = countOutcomes([rec('entry', 0, 1, 201), rec('entry', 0, 1, 201), rec('bulk', 0, 1, 'refused')]);
  expect(statuses).toEqual({ '201': 2, refused: 1 });
  const table = summaryTable([
    {
      name: 'gateway-kill',
      statuses,
      statusesDuringOutage: { refused: 1 },
      outageMs: 4200,
      resumeMs: 120,
      checks: [
        { name: 'a check', pass: true, detail: 'fine' },
        { name: 'another', pass: false, detail: 'broken' },
      ],
      notes: ['a note'],
    },
  ]);
  expect(table.split('\n')).toEqual([
    '== gateway-kill: FAIL ==',
    '   outage 4.2 s; resumed 0.12 s after the part was back',
    '   statuses during outage: refusedx1',
    '   statuses, whole drill:  201x2 refusedx1',
    '   pass  a check  fine',
    '   FAIL  another  broken',
    '   note  a note',
  ]);
});
