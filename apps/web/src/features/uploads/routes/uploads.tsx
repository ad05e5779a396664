import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { API_PATHS } from '@laurel/contract/paths';
import { UPLOAD_STATUSES } from '@laurel/contract/constants';
import { accessFor } from '@laurel/contract/permissions';
import { UPLOAD_SORTS, type TUpload } from '@laurel/contract/uploads';

import { getOrganizationHref } from '../../../lib/routing/paths';
import { useOrganizationRoute } from '../../../lib/routing/use-organization-route';
import { type Column } from '../../../components/data-table/data-table';
import {
  choiceFilter,
  ListScreen,
  type ListQueryHook,
} from '../../../components/data-table/list-screen';
import { OrganizationFilter } from '../../../components/forms/organization-picker';
import { NoAccess } from '../../../components/feedback/no-access';
import { PageHeader } from '../../../components/layout/page-header';
import { SectionHeader } from '../../../components/layout/section-header';
import { useAuth } from '../../../lib/auth/use-auth';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/format/format';
import { useListOrganizationUploadsQuery, useListUploadsQuery } from '../api/uploads-api';
import { UploadAwardsDialog } from '../components/upload-awards-dialog';
import { UploadDetailsDialog } from '../components/upload-details-dialog';
import { UploadRowCounts, UploadStatusChip } from '../components/upload-progress';
import { UPLOAD_STATUS_MESSAGES, formatFileSize } from '../components/upload-status';
import { useLiveUpload } from '../components/use-live-upload';

type Sort = (typeof UPLOAD_SORTS)[number];

/**
 * How the uploads screen reads its page: every upload the caller may read (`/uploads`), or one
 * organization's, from its own route (whose id the list's scope adds to the query).
 */
function uploadsOf(organizationId: number | null): ListQueryHook<TUpload> {
  const useUploads: ListQueryHook<TUpload> = (query) => {
    const { organizationId: _scope, ...params } = query;
    const all = useListUploadsQuery(query, { skip: organizationId !== null });
    const ofOrganization = useListOrganizationUploadsQuery(
      { organizationId: organizationId ?? 0, params },
      { skip: organizationId === null },
    );
    return organizationId === null ? all : ofOrganization;
  };
  return useUploads;
}

/** `/uploads` and `{organization route}/uploads`: awards uploads with their progress (admins). */
export default function UploadsRoute() {
  const { organizationId, organizationHref } = useOrganizationRoute();
  const canDo = useCan();
  const allowed = organizationId ? canDo('read:upload', { organizationId }) : canDo('read:upload');
  if (!allowed) return <NoAccess />;
  return <Uploads organizationId={organizationId} organizationHref={organizationHref} />;
}

/** A row's status and rows, live while the upload runs. */
function LiveCells({ upload, part }: { upload: TUpload; part: 'status' | 'rows' }) {
  const live = useLiveUpload(upload.id, upload) ?? upload;
  return part === 'status' ? (
    <UploadStatusChip status={live.status} />
  ) : (
    <UploadRowCounts upload={live} />
  );
}

function Uploads({
  organizationId,
  organizationHref,
}: {
  organizationId: number | null;
  organizationHref: string | null;
}) {
  const intl = useIntl();
  const { user } = useAuth();
  const profile = user?.profile;
  const canDo = useCan();
  const seesAll =
    !organizationId && profile ? accessFor(profile.roleId, 'read:upload') === 'any' : false;
  const canCreate = organizationId
    ? canDo('create:upload', { organizationId })
    : canDo('create:upload');
  // Outside an organization route, organization admins upload into their own organization.
  const uploadOrganizationId =
    organizationId ?? (seesAll ? null : (profile?.organizationId ?? null));
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('upload'));
  const [uploading, setUploading] = useState(false);
  // "Upload a corrected file": a new upload for the organization of the one being read.
  const [correcting, setCorrecting] = useState<number | null>(null);
  // The new upload's details open once the upload dialog has closed: two modal dialogs overlapping
  // leave the second hidden from assistive technology.
  const [uploadedId, setUploadedId] = useState<number | null>(null);

  const setOpen = (id: number | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete('upload');
        else next.set('upload', String(id));
        return next;
      },
      { replace: id === null },
    );

  const columns: Column<TUpload, Sort>[] = [
    {
      key: 'fileName',
      label: intl.formatMessage({ id: 'uploads.list.file' }),
      sort: 'fileName',
      render: (row) => (
        <>
          <Link
            component="button"
            type="button"
            onClick={() => setOpen(row.id)}
            sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {row.fileName}
          </Link>
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {formatFileSize(row.fileSize)}
          </Typography>
        </>
      ),
    },
    ...(seesAll
      ? [
          {
            key: 'organization',
            label: intl.formatMessage({ id: 'uploads.list.organization' }),
            render: (row: TUpload) => row.organizationName,
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      key: 'status',
      label: intl.formatMessage({ id: 'uploads.list.status' }),
      sort: 'status',
      render: (row) => <LiveCells upload={row} part="status" />,
    },
    {
      key: 'rows',
      label: intl.formatMessage({ id: 'uploads.list.rows' }),
      render: (row) => <LiveCells upload={row} part="rows" />,
      hideBelow: 'sm',
      width: 220,
    },
    {
      key: 'createdAt',
      label: intl.formatMessage({ id: 'uploads.uploaded' }),
      sort: 'createdAt',
      render: (row) => (
        <>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {formatDateTime(row.createdAt)}
          </Box>
          {row.uploadedBy ? (
            <Typography variant="body2" color="text.secondary" component="span">
              {row.uploadedBy}
            </Typography>
          ) : null}
        </>
      ),
      hideBelow: 'md',
    },
  ];

  const uploadButton = canCreate ? (
    <Button
      variant="contained"
      startIcon={<FileUploadOutlined />}
      onClick={() => setUploading(true)}
    >
      <FormattedMessage id="uploads.uploadAwards" />
    </Button>
  ) : null;

  return (
    <ListScreen
      noun="uploads"
      sorts={UPLOAD_SORTS}
      defaultSort="createdAt"
      defaultOrder="desc"
      filters={[
        choiceFilter(
          'status',
          intl.formatMessage({ id: 'uploads.list.status' }),
          UPLOAD_STATUSES,
          (value) => intl.formatMessage({ id: UPLOAD_STATUS_MESSAGES[value] }),
          200,
        ),
        {
          name: 'organizationId',
          hidden: !seesAll,
          render: (value, onChange) => <OrganizationFilter value={value} onChange={onChange} />,
        },
      ]}
      columns={columns}
      useItems={uploadsOf(organizationId)}
      scope={organizationId ? { organizationId } : undefined}
      exportPath={API_PATHS.uploadsExport}
      header={
        organizationId ? (
          <SectionHeader
            title={intl.formatMessage({ id: 'uploads.list.title' })}
            actions={uploadButton}
          />
        ) : (
          <PageHeader
            title={intl.formatMessage({ id: 'uploads.list.title' })}
            subtitle={intl.formatMessage({
              id: seesAll ? 'uploads.list.subtitleAll' : 'uploads.list.subtitleOwn',
            })}
            actions={uploadButton}
          />
        )
      }
      empty={{
        icon: <CloudUploadOutlined />,
        none: {
          description: intl.formatMessage({
            id: canCreate ? 'uploads.list.noneCanUpload' : 'uploads.list.none',
          }),
          action: uploadButton,
        },
        noMatch: { description: intl.formatMessage({ id: 'uploads.list.noMatch' }) },
      }}
    >
      <UploadAwardsDialog
        open={uploading}
        organizationId={correcting ?? uploadOrganizationId}
        onClose={() => {
          setUploading(false);
          setCorrecting(null);
        }}
        onUploaded={(upload) => {
          setUploading(false);
          setCorrecting(null);
          setUploadedId(upload.id);
        }}
        onExited={() => {
          if (uploadedId === null) return;
          setOpen(uploadedId);
          setUploadedId(null);
        }}
      />
      {Number.isSafeInteger(openId) && openId > 0 ? (
        <UploadDetailsDialog
          id={openId}
          onClose={() => setOpen(null)}
          organizationHref={(id) => organizationHref ?? getOrganizationHref(id, { admin: seesAll })}
          admin={organizationHref ? organizationHref.startsWith('/admin/') : seesAll}
          onUploadCorrected={
            canCreate
              ? (id) => {
                  // The details close first: two modal dialogs at once hide the second from
                  // assistive technology.
                  setOpen(null);
                  setCorrecting(id);
                  setUploading(true);
                }
              : undefined
          }
        />
      ) : null}
    </ListScreen>
  );
}
