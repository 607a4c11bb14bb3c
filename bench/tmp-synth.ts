import { syntheticIndex, timeQueries } from './find-synthetic'
const full = syntheticIndex(10, 10, 20)
for (let r = 0; r < 2; r++) for (const row of timeQueries(full.index, ['events_0999_9', 'attr_7', 'type:vector dim:768', 'evnt0026'])) console.log(r, row.query, row.median.toFixed(1), row.max.toFixed(1))
