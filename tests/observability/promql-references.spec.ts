import { promqlReferences } from './promql-references';

describe(promqlReferences.name, () => {
  it('reads the selectors and grouping labels of a histogram quantile', () => {
    const sut = promqlReferences(
      'histogram_quantile(0.99, sum by (http_route, le) (rate(http_server_request_duration_seconds_bucket{job=~"$job", http_response_status_code=~"5.."}[$__rate_interval])))',
    );
    expect(sut).toEqual({
      selectors: [
        {
          metric: 'http_server_request_duration_seconds_bucket',
          matchers: [
            { label: 'job', operator: '=~', value: '$job' },
            { label: 'http_response_status_code', operator: '=~', value: '5..' },
          ],
        },
      ],
      groupingLabels: ['http_route', 'le'],
      unreadable: [],
    });
  });

  it('reads bare metric names on both sides of an operator, not functions, numbers or strings', () => {
    const sut = promqlReferences(
      'max(nodejs_heap_used_bytes offset 5m) / 1e3 > bool 2 or label_replace(up, "a", "$1", "b", "(x_y)")',
    );
    expect(sut.selectors.map((selector) => selector.metric)).toEqual([
      'nodejs_heap_used_bytes',
      'up',
    ]);
  });

  it('keeps commas inside quoted values and reports a matcher it cannot read', () => {
    const sut = promqlReferences('clarion_delivery_attempts_total{channel=~"A,B", outcome sent}');
    expect(sut.selectors[0]!.matchers).toEqual([
      { label: 'channel', operator: '=~', value: 'A,B' },
    ]);
    expect(sut.unreadable).toEqual(['outcome sent']);
  });
});
