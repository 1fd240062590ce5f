import { attachmentHeader, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['Café, Bar', '"Café, Bar"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['Plain', 'Plain'],
  ])('writes %p as %p', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
  it('writes numbers as they are and null as empty', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('joins a header and rows with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Amount'],
        [
          ['A', 1],
          ['=B', 2.5],
        ],
      ),
    ).toBe("Name,Amount\r\nA,1\r\n'=B,2.5\r\n");
  });
});

describe('attachmentHeader', () => {
  it('names the file from safe characters only', () => {
    expect(attachmentHeader(['spending_by_category', '2026-11-01', '2026-11-30'])).toBe(
      'attachment; filename="spending_by_category_2026-11-01_2026-11-30.csv"',
    );
    expect(attachmentHeader(['a"b\r\nc/../d'])).toBe('attachment; filename="a-b--c-..-d.csv"');
  });
});
