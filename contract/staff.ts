import { z } from 'zod';
import { emailSchema, roles, staffPermissions } from './auth';
import { dataResponse, idSchema, text } from './common';

/** A set of permissions: each known, none twice (issue 27). */
export const permissionList = z
  .array(z.enum(staffPermissions, { message: `must be among ${staffPermissions.join(', ')}` }))
  .max(staffPermissions.length, `must list at most ${staffPermissions.length} permissions`)
  .refine((list) => new Set(list).size === list.length, {
    message: 'must not repeat a permission',
  });

export const inviteStaffBody = z.strictObject({
  email: emailSchema,
  userName: text({ max: 50 }),
  // Someone invited with no permission could open no page of the back office.
  permissions: permissionList.min(1, 'must include at least one permission'),
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

export const updateStaffBody = z
  .strictObject({
    userName: text({ max: 50 }).optional(),
    permissions: permissionList.optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'must change something' });
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;

export const staffIdParams = z.object({ id: idSchema });

/** One person of the back office: an admin (every permission) or a staff member. */
export const staffMember = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  permissions: z.array(z.enum(staffPermissions)),
  /** The first admin: nobody can change them. */
  isOwner: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListResponse = dataResponse(z.array(staffMember));
export const staffMemberResponse = dataResponse(staffMember).extend({ message: z.string() });
