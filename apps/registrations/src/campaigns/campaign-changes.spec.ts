import { mergeCampaignUpdate } from './campaign-changes';

describe(mergeCampaignUpdate.name, () => {
  const stored = { campaignDescription: 'Order updates', campaignAgeGated: false };

  it('adds and replaces the given fields and keeps the others', () => {
    expect(
      mergeCampaignUpdate(stored, { campaignSample1: 'Shipped!', campaignAgeGated: true }),
    ).toEqual({
      campaignDescription: 'Order updates',
      campaignSample1: 'Shipped!',
      campaignAgeGated: true,
    });
  });

  it('clears a field given as null or an empty string, and keeps false', () => {
    expect(mergeCampaignUpdate(stored, { campaignDescription: '' })).toEqual({
      campaignAgeGated: false,
    });
    expect(mergeCampaignUpdate(stored, { campaignAgeGated: null })).toEqual({
      campaignDescription: 'Order updates',
    });
  });

  it('ignores what is not a campaign field', () => {
    const update = { accountId: 'a', actor: 'key:k' } as never;
    expect(mergeCampaignUpdate(stored, update)).toEqual(stored);
  });
});
