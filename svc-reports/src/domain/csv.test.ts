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
  it('writes amounts with two decimals from whole cents and null as empty', () => {
    expect(csvCell(-12.5)).toBe('-12.50');
    expect(csvCell(7)).toBe('7.00');
    expect(csvCell(0.1 + 0.2)).toBe('0.30');
    expect(csvCell(-0.05)).toBe('-0.05');
    expect(csvCell(999999999999.99)).toBe('999999999999.99');
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
    ).toBe("Name,Amount\r\nA,1.00\r\n'=B,2.50\r\n");
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
