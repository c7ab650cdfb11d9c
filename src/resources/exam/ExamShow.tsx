import type { ReactNode } from 'react';
import { Box, Button, Link, Paper } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BackToListButton, DetailRow, PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { NotFoundDialog, useRecordOr404 } from '../../framework/record/useRecordOr404';
import { cellOf } from '../../framework/resource/listDeclaration';
import { fieldLabel } from '../../domain/resource';
import { EXAM_MSG } from '../../domain/exam';
import { examResource, type ExamInput } from '../../domain/resources/exam';
import { guaranteeResource } from '../../domain/resources/guarantee';
import { ExamResultChip } from './ExamResultChip';

type Exam = RaRecord & Omit<ExamInput, 'photos'> & { photos: { path: string; url: string }[]; createdAt: string };
const { route, name } = examResource;

/**
 * /b2b/exam/{idx}: the inspection with its result chip, its certificate (a link to the certificate's
 * detail), the photos and the memo, and 결과 기록 (the edit page); a missing inspection (or another
 * tenant's) opens the not-found dialog.
 */
export default function ExamShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record: e, isPending, notFound } = useRecordOr404<Exam>(name);
  if (notFound) return <NotFoundDialog message={EXAM_MSG.notFound} onClose={() => navigate(route, { replace: true })} />;
  if (isPending || !e) return <PageLoading />;
  const certificate = e.nftIdx ? (
    <Link component={RouterLink} to={`${guaranteeResource.route}/${e.nftIdx}`}>
      {`${e.nftIdx} · ${translate('exam.openCertificate')}`}
    </Link>
  ) : null;
  const rows: [string, ReactNode][] = [
    ['result', <ExamResultChip key="result" result={e.result} />],
    ['examKind', cellOf<Exam>(examResource, 'examKind')(e)],
    ['productName', e.productName],
    ['nftIdx', certificate],
    ['customerName', e.customerName],
    ['customerPhone', e.customerPhone],
    ['grade', e.grade],
    ['inspector', e.inspector],
    ['inspectedOn', e.inspectedOn],
    ['memo', e.memo],
    ['createdAt', cellOf<Exam>(examResource, 'createdAt', { withTime: true })(e)],
  ];
  return (
    <PageShell
      title={translate('exam.show')}
      maxWidth={720}
      actions={
        <Button component={RouterLink} to={`${route}/edit/${e.id}`} variant="contained" disableElevation>
          {translate('exam.editAction')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([source, value]) => (
            <DetailRow key={source} label={translate(fieldLabel(examResource, source))}>
              {value}
            </DetailRow>
          ))}
          {e.photos.length > 0 && (
            <DetailRow label={translate(fieldLabel(examResource, 'photos'))}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {e.photos.map((photo, i) => (
                  <Box key={photo.path} component="img" src={photo.url} alt={translate('exam.photoAlt', { n: i + 1 })} sx={{ width: 160, height: 160, objectFit: 'cover', borderRadius: 2 }} />
                ))}
              </Box>
            </DetailRow>
          )}
        </Box>
      </Paper>
      <BackToListButton to={route} label="exam.back" />
    </PageShell>
  );
}
