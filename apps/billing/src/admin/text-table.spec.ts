import { formatTextTable } from './text-table';

describe(formatTextTable.name, () => {
  const rows = [
    { consumer: 'notifications-sends', waiting: 12 },
    { consumer: 'logs-events', waiting: 3_400 },
  ];

  it('prints a heading and one aligned line per row, numbers on the right', () => {
    const sut = formatTextTable(rows, [
      { heading: 'CONSUMER', value: (row) => row.consumer },
      { heading: 'WAITING', value: (row) => row.waiting, alignRight: true },
    ]);

    expect(sut).toBe(
      [
        'CONSUMER             WAITING',
        'notifications-sends       12',
        'logs-events             3400',
        '',
      ].join('\n'),
    );
  });

  it('keeps a cell with line breaks on one line and cuts one past its width', () => {
    const sut = formatTextTable(
      [{ preview: '{"a":\n"bcdefghij"}' }],
      [{ heading: 'PREVIEW', value: (row) => row.preview, maxWidth: 10 }],
    );

    expect(sut.split('\n')).toEqual(['PREVIEW', '{"a": "bc…', '']);
  });

  it('prints only the heading when there are no rows', () => {
    expect(formatTextTable([], [{ heading: 'CONSUMER', value: () => '' }])).toBe('CONSUMER\n');
  });
});
