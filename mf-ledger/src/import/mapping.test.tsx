import type { CsvAnalysis, MappingConfig } from '@hf/contracts/import';
import {
  FILE_ACCEPT,
  MAPPING_INCOMPLETE_MESSAGE,
  cleanMapping,
  columnChoices,
  formatBytes,
  hasImportExtension,
  initialMapping,
  mappingAfterReanalysis,
  mappingNameProblem,
  mappingProblem,
  mappingSaveFailedText,
  readingKey,
  readingOnly,
  twoReadings,
  dateOrderHint,
  unsureReasons,
  visibleSkippedRows,
} from './mapping';

const detected: MappingConfig = { date: 'Date', payee: 'Description', amount_type: 'single', amount: 'Amount' };
const saved: MappingConfig = { date: 'Date', payee: 'Payee', amount_type: 'double', debit: 'Out', credit: 'In' };

describe('the mapping page rules', () => {
  it('starts from the saved mapping when the file has one, else the detected one', () => {
    expect(initialMapping({ saved_mapping: null, detected_mapping: detected })).toEqual(detected);
    expect(
      initialMapping({ saved_mapping: { mapping_name: 'Chase', mapping_config: saved }, detected_mapping: detected }),
    ).toEqual(saved);
  });

  it('keeps the reading options after a re-analysis and takes the new columns', () => {
    const fresh = { date: '#1', payee: '#2', amount_type: 'single' as const, amount: '#3' };
    expect(
      mappingAfterReanalysis(
        { ...detected, has_header: false, encoding: 'windows-1252', flip_sign: true },
        { saved_mapping: null, detected_mapping: fresh },
      ),
    ).toEqual({
      ...fresh,
      has_header: false,
      encoding: 'windows-1252',
      flip_sign: true,
    });
  });

  it('needs date, payee and the amount column(s) of the amount type', () => {
    expect(mappingProblem(detected)).toBeNull();
    expect(mappingProblem({ ...detected, payee: null })).toBe(MAPPING_INCOMPLETE_MESSAGE);
    expect(mappingProblem({ ...detected, amount_type: 'double' })).toBe(MAPPING_INCOMPLETE_MESSAGE);
    expect(mappingProblem(saved)).toBeNull();
    expect(mappingProblem({ ...saved, credit: '' })).toBe(MAPPING_INCOMPLETE_MESSAGE);
  });

  it('asks for a name only when saving is ticked', () => {
    expect(mappingNameProblem(true, '  ')).toBe('Please enter a name for this mapping to save it.');
    expect(mappingNameProblem(true, 'Chase Checking')).toBeNull();
    expect(mappingNameProblem(false, '')).toBeNull();
  });

  it('words the failed-save alert with the server message or "Unknown error"', () => {
    expect(mappingSaveFailedText('Name too long')).toBe('Could not save the mapping: Name too long');
    expect(mappingSaveFailedText(null)).toBe('Could not save the mapping: Unknown error');
  });

  it('sends only the columns of the chosen amount type and the options that differ from the default', () => {
    expect(
      cleanMapping({
        ...detected,
        debit: 'Out',
        credit: null,
        category: '',
        notes: 'Memo',
        flip_sign: false,
        has_header: true,
        decimal_separator: 'auto',
        date_order: 'DMY',
      }),
    ).toEqual({
      ...detected,
      notes: 'Memo',
      date_order: 'DMY',
    });
    expect(
      cleanMapping({ ...saved, amount: 'Amount', indicator: 'CR/DR', flip_sign: true, has_header: false }),
    ).toEqual({ ...saved, indicator: 'CR/DR', flip_sign: true, has_header: false });
  });

  it('names columns by header, or by position with a sample for a file without a header row', () => {
    const analysis: Pick<CsvAnalysis, 'headers' | 'rows'> = {
      headers: ['Date', ''],
      rows: [['01/02/2024', 'A very long description of the payment']],
    };
    expect(columnChoices(analysis, true)).toEqual([
      { value: 'Date', label: 'Date' },
      { value: '', label: 'Column 2' },
    ]);
    expect(columnChoices(analysis, false)).toEqual([
      { value: '#1', label: 'Column 1 (01/02/2024)' },
      { value: '#2', label: 'Column 2 (A very long description …)' },
    ]);
  });

  it('lists the first 10 skipped rows until the toggle shows all', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(visibleSkippedRows(rows, false)).toHaveLength(10);
    expect(visibleSkippedRows(rows, true)).toHaveLength(12);
  });

  it('accepts the bank file types, CSV first', () => {
    expect(FILE_ACCEPT.startsWith('.csv')).toBe(true);
    expect(['a.CSV', 'b.ofx', 'c.qfx', 'd.qif'].every(hasImportExtension)).toBe(true);
    expect(hasImportExtension('statement.xlsx')).toBe(false);
    expect(formatBytes(10)).toBe('10 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(10.5 * 1024 * 1024)).toBe('10.5 MB');
  });
});

describe('the reading shown on the mapping page', () => {
  it('names both days a dotted or slashed date can be', () => {
    expect(twoReadings('02.03.2018')).toEqual({ dayFirst: '2 March 2018', monthFirst: 'February 3, 2018' });
    expect(twoReadings('11/12/24')).toEqual({ dayFirst: '11 December 2024', monthFirst: 'November 12, 2024' });
    expect(twoReadings('13.03.2018')).toBeNull();
    expect(twoReadings('2018-03-02')).toBeNull();
    expect(dateOrderHint('02.03.2018')).toBe(
      '“02.03.2018” could be 2 March 2018 (day first) or February 3, 2018 (month first): nothing in the file tells.',
    );
    expect(dateOrderHint(null)).toBeNull();
  });

  it('shows the reasons where detection was unsure, only those', () => {
    const reasons = [
      { field: 'date', column: 'Date', reason: 'sure', certain: true },
      { field: 'amount', column: 'Gross', reason: 'close call', certain: false },
    ];
    expect(unsureReasons({ reasons }).map((r) => r.reason)).toEqual(['close call']);
  });

  it('a re-analysis sends how the file is read, not its columns', () => {
    expect(
      readingOnly({ ...detected, header_row: 7, has_header: false, encoding: 'windows-1252', date_order: 'DMY' }),
    ).toEqual({
      date: null,
      payee: null,
      amount_type: 'single',
      has_header: false,
      header_row: 7,
      encoding: 'windows-1252',
      date_order: 'DMY',
    });
  });

  it('sends the header row the person chose, and a change of it is a new reading', () => {
    expect(cleanMapping({ ...detected, header_row: 7 })).toEqual({ ...detected, header_row: 7 });
    expect(readingKey({ ...detected, header_row: 7 })).not.toBe(readingKey(detected));
    expect(readingKey({ ...detected, category: '' })).toBe(readingKey(detected));
  });
});
