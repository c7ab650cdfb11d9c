/** Korean texts of the brand's audit log page (/setting/audit-log), read as `auditLog.*`. English has the same keys (auditLog.en.ts). */
export const auditLogKo = {
  auditLog: {
    title: '감사 로그',
    help: '이 브랜드의 계정이 한 작업과 운영팀이 이 브랜드의 정보를 조회한 기록이에요. 메인 계정만 볼 수 있어요',
    open: '감사 로그 보기',
    action: '작업', outcome: '결과', actorKind: '주체', from: '시작일', to: '종료일', all: '전체',
    ok: '성공', refused: '거절', partner: '브랜드 계정', operator: '운영팀',
    at: '시각', who: '누가', what: '작업', target: '대상', ip: 'IP', detail: '내용',
    empty: '기록이 없어요', total: '전체 %{count}건', prev: '이전', next: '다음', page: '%{page} 페이지',
    loadFailed: '감사 로그를 불러오지 못했어요. 잠시 후 다시 시도해 주세요',
  },
};
