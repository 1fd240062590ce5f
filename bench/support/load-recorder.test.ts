import { LoadRecorder, summarize } from './load-recorder';

describe('LoadRecorder', () => {
  it('records only while measuring', () => {
    const r = new LoadRecorder();
    r.record('accounts', 'read', 5, 200, [200]);
    expect(r.summary().requests).toBe(0);
    r.measuring = true;
    r.record('accounts', 'read', 5, 200, [200]);
    expect(r.summary().requests).toBe(1);
  });

  it('counts an outcome the flow did not expect, and transport failures, as errors by kind and outcome', () => {
    const r = new LoadRecorder();
    r.measuring = true;
    r.record('entry', 'write', 10, 201, [201]);
    r.record('entry', 'write', 10, 200, [201]);
    r.record('entry', 'write', 10, 503, [201]);
    r.record('entry', 'write', 10, 503, [201]);
    r.record('accounts', 'read', 3, 'error:ECONNRESET', [200]);
    const s = r.summary();
    expect(s.errorCount).toBe(4);
    expect(s.errors).toEqual({ 'entry 200': 1, 'entry 503': 2, 'accounts error:ECONNRESET': 1 });
    expect(s.outcomes).toEqual({ '201': 1, '200': 1, '503': 2, 'error:ECONNRESET': 1 });
  });

  it('sums up per kind and per class', () => {
    const r = new LoadRecorder();
    r.measuring = true;
    for (let i = 1; i <= 100; i++) r.record('accounts', 'read', i, 200, [200]);
    r.record('register-first', 'read', 1000, 200, [200]);
    r.record('edit', 'write', 7, 200, [200]);
    const s = r.summary();
    expect(s.requests).toBe(102);
    expect(s.byKind.accounts).toEqual({ class: 'read', count: 100, p50: 51, p95: 96, p99: 100, max: 100 });
    expect(s.byClass.read).toMatchObject({ count: 101, max: 1000 });
    expect(s.byClass.write).toEqual({ count: 1, p50: 7, p95: 7, p99: 7, max: 7 });
    expect(s.byClass['sign-in']).toBeUndefined();
  });
});

describe('summarize', () => {
  it('answers zeros for no samples', () => {
    expect(summarize([])).toEqual({ count: 0, p50: 0, p95: 0, p99: 0, max: 0 });
  });
});
