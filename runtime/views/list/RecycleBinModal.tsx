/**
 * 回收站 of a page with `entity.recycleBin` (用户管理): the deleted rows with the list's columns,
 * 还原 and 彻底删除 per row and for the chosen rows. 彻底删除 asks first. Each change reloads the
 * bin and tells the page, whose list shows restored rows again.
 */
import { Button, Divider, Modal, Space, Table, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { entityEndpoint } from "../../contract/entityEndpoints";
import type { DictService } from "../../dict/dictService";
import type { Host } from "../../host/types";
import type { CompiledPage } from "../../schema/compiledPage";
import { ACTION_COLUMN_TITLE, listColumns, type Row } from "./listColumns";

export const RECYCLE_BIN_TITLE = "回收站";
export const PURGE_CONFIRM = "彻底删除后无法恢复，确定彻底删除吗?";

export interface RecycleBinModalProps {
  page: CompiledPage;
  host: Host;
  dict: DictService;
  onClose(): void;
  /** Rows left the bin (restored or purged): the page's list reloads. */
  onChanged(): void;
}

export function RecycleBinModal({
  page,
  host,
  dict,
  onClose,
  onChanged,
}: RecycleBinModalProps) {
  const bin = page.entity.recycleBin;
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const path = page.entity.apiPath;

  const load = useCallback(async () => {
    try {
      const res = await host.request.get<Row[]>(
        entityEndpoint(path, "recycleBin"),
      );
      if (res.success) setRows(Array.isArray(res.result) ? res.result : []);
      else host.notify.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [host, path]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = async (ids: readonly string[], purge: boolean) => {
    if (!bin || ids.length === 0) return;
    if (
      purge &&
      !(await host.confirm({ title: "确认提示", content: PURGE_CONFIRM }))
    )
      return;
    const param = { [bin.idsParam]: ids.join(",") };
    const res = purge
      ? await host.request.delete<unknown>(
          entityEndpoint(path, "deleteRecycleBin"),
          param,
        )
      : await host.request.put<unknown>(
          entityEndpoint(path, "putRecycleBin"),
          param,
        );
    if (!res.success) {
      host.notify.warning(res.message);
      return;
    }
    host.notify.success(res.message);
    setSelected([]);
    onChanged();
    setLoading(true);
    await load();
  };

  const columns = [
    ...listColumns({
      page: { ...page, list: { ...page.list, rowActions: [] } },
      host,
      dict,
      sort: { column: "", order: "desc" },
      offset: 0,
      onRowAction: () => undefined,
    }),
    {
      key: "binAction",
      title: ACTION_COLUMN_TITLE,
      align: "center" as const,
      fixed: "right" as const,
      width: 140,
      render: (_: unknown, record: Row) => (
        <span style={{ whiteSpace: "nowrap" }}>
          <Typography.Link
            onClick={() => void change([String(record.id)], false)}
          >
            还原
          </Typography.Link>
          <Divider type="vertical" />
          <Typography.Link
            type="danger"
            onClick={() => void change([String(record.id)], true)}
          >
            彻底删除
          </Typography.Link>
        </span>
      ),
    },
  ];

  return (
    <Modal
      open
      title={`${page.entity.title}${RECYCLE_BIN_TITLE}`}
      width={1200}
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Button
          disabled={selected.length === 0}
          onClick={() => void change(selected, false)}
        >
          批量还原
        </Button>
        <Button
          danger
          disabled={selected.length === 0}
          onClick={() => void change(selected, true)}
        >
          批量彻底删除
        </Button>
      </Space>
      <Table<Row>
        rowKey={(record) => String(record.id ?? "")}
        size="middle"
        bordered
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: "max-content" }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
      />
    </Modal>
  );
}
