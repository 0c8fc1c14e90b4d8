/**
 * The grid bench page: mounts the editable grid or the antd Table baseline on the runner's request
 * and times mounting and keystrokes with performance.now() in the page, so the figures hold no
 * DevTools round trips. See bench/README.md.
 */
import '@ant-design/v5-patch-for-react-19';
import 'antd/dist/reset.css';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createGrid } from '../../runtime/grid';
import type { BenchSubject, GridBenchApi } from './api';
import { benchColumns, benchRecords, columnKey, GridSubject, TableSubject } from './subjects';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves after the next frame has been painted: a task posted from requestAnimationFrame runs after that frame's paint. */
function afterNextPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  });
}

/** The first cell of each subject's first row: once painted, the rows are on screen. */
const FIRST_CELL: Record<BenchSubject, string> = {
  grid: '.grid-row[data-index="0"] .grid-cell',
  table: '.ant-table-tbody tr.ant-table-row .bench-cell',
};

const EDITABLE_CELL: Record<BenchSubject, string> = {
  grid: `.grid-row[data-index="0"] .grid-cell[data-column="${columnKey(1)}"]`,
  table: `.bench-cell[data-row-id="r0"][data-column="${columnKey(1)}"]`,
};

let root: Root | null = null;
let mounted: BenchSubject | null = null;
let armed: Promise<number> | null = null;

const api: GridBenchApi = {
  async mount(subject, size, options) {
    if (root) throw new Error('unmount first');
    const columns = benchColumns(size, options);
    const records = benchRecords(size);
    root = createRoot(container);
    mounted = subject;
    const started = performance.now();
    // The grid's work starts with its controller and the load of the records; the table's with its props.
    const element =
      subject === 'grid' ? (
        <GridSubject
          grid={(() => {
            const grid = createGrid({ columns });
            grid.load(records);
            return grid;
          })()}
        />
      ) : (
        <TableSubject columns={columns} records={records} />
      );
    // Rendered and committed synchronously, so the next paint is the one that shows it.
    flushSync(() => root?.render(<ConfigProvider locale={zhCN}>{element}</ConfigProvider>));
    let painted = await afterNextPaint();
    while (!container.querySelector(FIRST_CELL[subject])) painted = await afterNextPaint();
    return painted - started;
  },

  editableCell() {
    if (!mounted) throw new Error('nothing mounted');
    return EDITABLE_CELL[mounted];
  },

  arm() {
    armed = new Promise((resolve) => {
      document.addEventListener(
        'keydown',
        // The event's own time: from when the browser took the key, including any wait for the main thread.
        (event) => void afterNextPaint().then((painted) => resolve(painted - event.timeStamp)),
        { capture: true, once: true },
      );
    });
  },

  keystroke() {
    if (!armed) throw new Error('arm() first');
    const latency = armed;
    armed = null;
    return latency;
  },

  focusedValue() {
    const focused = document.activeElement;
    return focused instanceof HTMLInputElement ? focused.value : null;
  },

  async unmount() {
    flushSync(() => root?.unmount());
    root = null;
    mounted = null;
    await afterNextPaint();
  },
};

window.gridBench = api;
