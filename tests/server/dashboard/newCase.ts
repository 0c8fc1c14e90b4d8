/** The body of POST /receive/receive/add for a 首页 test's case: 平安 in 上海徐汇, on the given day and department. */
export function newCaseBody(receiveName: string, trustDate: string, departId: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    receiveName,
    trustDate,
    insurerName: '中国平安财产保险股份有限公司',
    insurerCode: 'PAIC',
    areaCode: '310104',
    departId,
    ...fields,
  };
}
