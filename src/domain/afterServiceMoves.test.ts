import { AS_MSG, AS_STATUSES, actionsFrom, asActionsFor, asBulkCancelSchema, asMayMove } from './afterService';

describe('who may move an after-service request', () => {
  it('lets the routed partner do every action the status allows', () => {
    for (const status of AS_STATUSES) expect(asActionsFor('partner', true, status)).toEqual(actionsFrom(status));
  });

  it('lets the brand do everything on a request no partner is routed to', () => {
    for (const status of AS_STATUSES) expect(asActionsFor('brand', false, status)).toEqual(actionsFrom(status));
  });

  it('lets the brand only cancel a routed request, and only while it is open', () => {
    expect(asMayMove('brand', true, 'cancel')).toBe(true);
    expect(asMayMove('brand', true, 'preestimate')).toBe(false);
    expect(asActionsFor('brand', true, 'request')).toEqual(['cancel']);
    expect(asActionsFor('brand', true, 'inspecting')).toEqual(['cancel']);
    expect(asActionsFor('brand', true, 'working')).toEqual([]);
  });
});

describe('asBulkCancelSchema', () => {
  it('needs the selection and one reason', async () => {
    await expect(asBulkCancelSchema.validate({ repairIdxList: [1, 2], reason: ' 고객 요청 ' })).resolves.toEqual({ repairIdxList: [1, 2], reason: '고객 요청' });
    await expect(asBulkCancelSchema.validate({ repairIdxList: [1] })).rejects.toThrow();
    await expect(asBulkCancelSchema.validate({ repairIdxList: [], reason: 'x' })).rejects.toThrow();
  });
});

describe('the partner-kind refusal (issue 23 #20)', () => {
  it('names the kind asked for, with its particle', () => {
    expect(AS_MSG.partnerWrongType('repair')).toBe('수선 파트너 계정이 아니에요. 수선을 맡는 파트너의 이메일을 입력해 주세요');
    expect(AS_MSG.partnerWrongType('laundry')).toBe('세탁 파트너 계정이 아니에요. 세탁을 맡는 파트너의 이메일을 입력해 주세요');
  });
});
