import { accrueStamps, cancelStamps, STAMP_STATUS_FILTERS, STAMP_STATUSES, stampSettingSchema, stampVisitSchema, STAMP_MSG, STAMP_RULE } from './stamp';
import { defaultLounge, loungeSettingSchema, LOUNGE_MSG } from './brandLounge';
import { checkAccess, type AccessContext } from './access';

const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]));
  }
};

describe('the stamp card math', () => {
  it('adds one stamp per step and completes the card at the goal, starting the next at 1', () => {
    expect(accrueStamps({ count: 0, cardNo: 1 }, 3, 1)).toEqual({ count: 1, cardNo: 1, steps: [{ countAfter: 1, cardNo: 1, rewarded: false }] });
    expect(accrueStamps({ count: 2, cardNo: 1 }, 3, 1)).toEqual({ count: 0, cardNo: 2, steps: [{ countAfter: 3, cardNo: 1, rewarded: true }] });
    const seven = accrueStamps({ count: 1, cardNo: 1 }, 3, 7);
    expect(seven.steps.map((s) => [s.countAfter, s.cardNo, s.rewarded])).toEqual([
      [2, 1, false], [3, 1, true], [1, 2, false], [2, 2, false], [3, 2, true], [1, 3, false], [2, 3, false],
    ]);
    expect(seven).toMatchObject({ count: 2, cardNo: 3 });
  });

  it('completes at the next stamp a card already past a goal lowered since', () => {
    expect(accrueStamps({ count: 8, cardNo: 4 }, 5, 1)).toEqual({ count: 0, cardNo: 5, steps: [{ countAfter: 5, cardNo: 4, rewarded: true }] });
  });

  it('adds nothing for no stamps', () => {
    expect(accrueStamps({ count: 2, cardNo: 1 }, 3, 0)).toEqual({ count: 2, cardNo: 1, steps: [] });
  });
});

describe('taking back the stamps of cancelled certificates', () => {
  it('takes a stamp of the current card off it, one per stamp', () => {
    expect(cancelStamps({ count: 3, cardNo: 2 }, [{ cardNo: 2 }])).toEqual({ count: 2, canceled: [true] });
    expect(cancelStamps({ count: 3, cardNo: 2 }, [{ cardNo: 2 }, { cardNo: 2 }])).toEqual({ count: 1, canceled: [true, true] });
  });

  it('keeps a stamp a completed card already consumed (rewarded or refused by its coupon): no row change, no count change', () => {
    expect(cancelStamps({ count: 1, cardNo: 3 }, [{ cardNo: 2 }])).toEqual({ count: 1, canceled: [false] });
    expect(cancelStamps({ count: 0, cardNo: 2 }, [{ cardNo: 1 }, { cardNo: 2 }])).toEqual({ count: 0, canceled: [false, true] });
    expect(cancelStamps({ count: 2, cardNo: 4 }, [{ cardNo: 1 }, { cardNo: 4 }, { cardNo: 3 }])).toEqual({ count: 1, canceled: [false, true, false] });
  });

  it('never takes the count below zero', () => {
    expect(cancelStamps({ count: 1, cardNo: 1 }, [{ cardNo: 1 }, { cardNo: 1 }, { cardNo: 1 }])).toEqual({ count: 0, canceled: [true, true, true] });
    expect(cancelStamps({ count: 0, cardNo: 1 }, [{ cardNo: 1 }])).toEqual({ count: 0, canceled: [true] });
  });

  it('changes nothing without stamps to take back', () => {
    expect(cancelStamps({ count: 2, cardNo: 1 }, [])).toEqual({ count: 2, canceled: [] });
  });

  it('undoes an accrual that did not complete the card', () => {
    const after = accrueStamps({ count: 1, cardNo: 1 }, 5, 2);
    expect(cancelStamps(after, after.steps)).toEqual({ count: 1, canceled: [true, true] });
  });

  it('is a status of the history and of its filter', () => {
    expect(STAMP_STATUSES).toContain('CANCELED');
    expect(STAMP_STATUS_FILTERS).toEqual(['ALL', 'ACCRUED', 'REWARDED', 'REWARD_FAILED', 'CANCELED']);
  });
});

describe('the stamp settings', () => {
  it('accepts a card of 2 to 30 stamps with a coupon, a trigger and Y/N', async () => {
    expect(await errorsOf(stampSettingSchema, { goal: 2, rewardCouponIdx: 1, trigger: 'VISIT', active: 'Y' })).toEqual({});
    expect(await errorsOf(stampSettingSchema, { goal: 30, rewardCouponIdx: 1, trigger: 'ORDER', active: 'N' })).toEqual({});
    expect(await errorsOf(stampSettingSchema, { goal: 1.5, trigger: 'SIGNUP', active: '' })).toEqual({
      goal: STAMP_MSG.goalInvalid, rewardCouponIdx: STAMP_MSG.rewardCouponRequired, trigger: STAMP_MSG.triggerInvalid, active: STAMP_MSG.choiceInvalid,
    });
    expect(await errorsOf(stampSettingSchema, { goal: 31, rewardCouponIdx: 1, trigger: 'GUARANTEE', active: 'Y', description: 'x'.repeat(201) }))
      .toEqual({ goal: STAMP_MSG.goalInvalid, description: STAMP_MSG.textTooLong });
  });

  it('needs a customer or a mobile phone for a visit', async () => {
    expect(await errorsOf(stampVisitSchema, {})).toEqual({ phone: STAMP_MSG.customerRequired });
    expect(await errorsOf(stampVisitSchema, { phone: '010-1234-5678' })).toEqual({});
    expect(await errorsOf(stampVisitSchema, { phone: '02-123-4567' })).toEqual({ phone: STAMP_MSG.phoneInvalid });
    expect(await errorsOf(stampVisitSchema, { customerIdx: 3 })).toEqual({});
  });

  it('is the main account\'s, under the MEMBERSHIP feature, blocked on STANDARD', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const ctx: AccessContext = {
      adminType: 'b2b', isSubAccount: false, settings: [{ name: 'MEMBERSHIP', option: null, endAt: null }],
      subscription: { planGroup: 'PRO', startDate: '2026-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z', isCanceled: false, isTrial: false },
      subscriptionState: 'CHARGED',
    };
    expect(checkAccess(ctx, STAMP_RULE, now)).toBeNull();
    expect(checkAccess({ ...ctx, isSubAccount: true }, STAMP_RULE, now)).toBe('SUB_ACCOUNT_FORBIDDEN');
    expect(checkAccess({ ...ctx, settings: [] }, STAMP_RULE, now)).toBe('FEATURE_DISABLED');
    expect(checkAccess({ ...ctx, subscription: { ...ctx.subscription!, planGroup: 'STANDARD' } }, STAMP_RULE, now)).toBe('FEATURE_DISABLED');
  });
});

describe('the lounge settings', () => {
  const valid = { ...defaultLounge('데모브랜드'), membershipIdxList: [3, 1], couponIdxList: [2] };

  it('defaults to the brand name, and accepts a full body', async () => {
    expect(defaultLounge('가'.repeat(40)).title).toHaveLength(30);
    expect(await errorsOf(loungeSettingSchema, valid)).toEqual({});
    expect(loungeSettingSchema.cast({ title: '라운지' })).toMatchObject({ subtitle: '', themeColor: '#1F2937', logo: null, membershipIdxList: [], showStamp: 'Y' });
  });

  it('names each field it refuses', async () => {
    expect(await errorsOf(loungeSettingSchema, {
      ...valid, title: '', subtitle: 'x'.repeat(61), description: 'x'.repeat(501), notice: 'x'.repeat(201), themeColor: '#12345',
      membershipIdxList: [1, 1], couponIdxList: Array.from({ length: 51 }, (_, i) => i + 1), showStamp: 'y',
    })).toEqual({
      title: LOUNGE_MSG.titleRequired, subtitle: LOUNGE_MSG.subtitleTooLong, description: LOUNGE_MSG.descriptionTooLong, notice: LOUNGE_MSG.noticeTooLong,
      themeColor: LOUNGE_MSG.colorInvalid, membershipIdxList: LOUNGE_MSG.membershipsInvalid, couponIdxList: LOUNGE_MSG.couponsInvalid, showStamp: LOUNGE_MSG.choiceInvalid,
    });
  });
});

describe('idx bounds', () => {
  it('refuses an idx no row can have instead of sending it to the database', async () => {
    expect(await errorsOf(stampSettingSchema, { goal: 3, rewardCouponIdx: 2 ** 31, trigger: 'VISIT', active: 'Y' })).toEqual({ rewardCouponIdx: STAMP_MSG.rewardCouponNotFound });
    expect(await errorsOf(stampVisitSchema, { customerIdx: 2 ** 31 })).toEqual({ customerIdx: STAMP_MSG.customerNotFound });
    expect(await errorsOf(loungeSettingSchema, { ...defaultLounge('a'), couponIdxList: [2 ** 31] })).toEqual({ couponIdxList: LOUNGE_MSG.couponsInvalid });
  });
});
